// The settings screen (/setting-management, spec 2.5): one tab per settings group the caller is
// granted (setting-tabs.ts), each tab's content in its own chunk, loaded when the tab is opened.
import { useSelector } from '@xstate/react';
import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react';
import { selectAccess } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { EmptyState, LoadingState, Tab, TabList, TabPanel, Tabs } from '../../ui/index.ts';
import { type SettingTab, visibleSettingTabs } from './setting-tabs.ts';
import { settingsTexts } from './settings-texts.ts';

const panels = new WeakMap<SettingTab, LazyExoticComponent<ComponentType>>();

function panelOf(tab: SettingTab): LazyExoticComponent<ComponentType> {
  let panel = panels.get(tab);
  if (!panel) {
    panel = lazy(tab.load);
    panels.set(tab, panel);
  }
  return panel;
}

export default function SettingManagementScreen() {
  const { auth } = useSystem();
  const t = useAreaTexts(settingsTexts);
  const access = useSelector(auth, selectAccess);
  const tabs = visibleSettingTabs(access);
  return (
    <div className="page">
      <h1>{t('title')}</h1>
      {tabs.length === 0 ? (
        <EmptyState title={t('noTabs')} />
      ) : (
        <Tabs>
          <TabList aria-label={t('tabs')} items={tabs}>
            {(tab) => <Tab id={tab.id}>{t(tab.title)}</Tab>}
          </TabList>
          {tabs.map((tab) => {
            const Panel = panelOf(tab);
            return (
              <TabPanel key={tab.id} id={tab.id}>
                <Suspense fallback={<LoadingState label={t('loading')} />}>
                  <Panel />
                </Suspense>
              </TabPanel>
            );
          })}
        </Tabs>
      )}
    </div>
  );
}
