// Tabs on react-aria: arrow keys move between tabs, Tab goes to the panel. Rules: the tab list needs
// a name (aria-label from props); ids tie tabs to panels; panels of unselected tabs unmount.
import { Tab as AriaTab, TabList as AriaTabList, TabPanel as AriaTabPanel, Tabs as AriaTabs } from 'react-aria-components';
import type { TabListProps, TabPanelProps, TabProps, TabsProps } from 'react-aria-components';
import * as styles from './content.css.ts';

export function Tabs(props: Omit<TabsProps, 'className' | 'style'>) {
  return <AriaTabs {...props} className={styles.tabs} />;
}

export function TabList<T extends object>(props: Omit<TabListProps<T>, 'className' | 'style'> & { 'aria-label': string }) {
  return <AriaTabList {...props} className={styles.tabList} />;
}

export function Tab(props: Omit<TabProps, 'className' | 'style'>) {
  return <AriaTab {...props} className={styles.tab} />;
}

export function TabPanel(props: Omit<TabPanelProps, 'className' | 'style'>) {
  return <AriaTabPanel {...props} className={styles.tabPanel} />;
}
