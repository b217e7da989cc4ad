// My account (/account/manage, spec 2.4; also {issuer}Account/Manage, which this origin serves):
// tabs in order Picture, Password, Personal info, Authenticator app, Two factor. Rules: each tab
// runs its own machine with the real effects of my-account-actors.ts; what may be edited follows the
// identity settings of the configuration; 'Back to the application' appears only for a same-origin
// returnUrl. The tab shown is view state (not in the URL: the identity server's page has no tabs
// in its address either).
import { useSelector } from '@xstate/react';
import { type ReactNode, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { useSystem } from '../../../app/system-context.ts';
import { type Key, Link, stackClass, Tab, TabList, TabPanel, Tabs } from '../../../ui/index.ts';
import { useAccountHttp } from './account-http.ts';
import { AuthenticatorTab } from './authenticator-tab.tsx';
import { authenticatorLogic, passwordFormLogic, personalInfoFormLogic, pictureFormLogic, twoFactorFormLogic } from './my-account-actors.ts';
import { accountRules, backUrl, settingsOf } from './my-account-rules.ts';
import { myAccountTexts } from './my-account-texts.ts';
import * as styles from './my-account.css.ts';
import { PasswordTab } from './password-tab.tsx';
import { PersonalInfoTab } from './personal-info-tab.tsx';
import { PictureTab } from './picture-tab.tsx';
import { TwoFactorTab } from './two-factor-tab.tsx';

/**
 * Every tab stays mounted (hidden while not selected): an edit survives a look at another tab, and
 * what a tab announced (react-aria announces a pending Save by its button's id) keeps its label.
 */
function Panel({ id, selected, children }: { id: string; selected: Key; children: ReactNode }) {
  return (
    <TabPanel id={id} shouldForceMount>
      <div hidden={selected !== id}>{children}</div>
    </TabPanel>
  );
}

export default function MyAccountScreen() {
  const t = useAreaTexts(myAccountTexts);
  const { auth } = useSystem();
  const http = useAccountHttp();
  const search = useSearch();
  const configuration = useSelector(auth, (snapshot) => snapshot.context.configuration);
  const rules = accountRules(settingsOf(configuration));
  const userId = configuration?.currentUser.id ?? '';
  const logic = useMemo(
    () => ({
      picture: pictureFormLogic(http, userId),
      password: passwordFormLogic(http),
      personal: personalInfoFormLogic(http),
      authenticator: authenticatorLogic(http),
      twoFactor: twoFactorFormLogic(http),
    }),
    [http, userId],
  );
  const back = backUrl(search, window.location.origin);
  const [selected, setSelected] = useState<Key>('picture');
  return (
    <div className={`page ${stackClass}`}>
      <h1>{t('title')}</h1>
      {back && (
        <p>
          <Link href={back}>{t('back')}</Link>
        </p>
      )}
      <div className={styles.tabsHost}>
        <Tabs selectedKey={selected} onSelectionChange={setSelected}>
          <TabList aria-label={t('tabs')}>
            <Tab id="picture">{t('tab.picture')}</Tab>
            <Tab id="password">{t('tab.password')}</Tab>
            <Tab id="personal-info">{t('tab.personalInfo')}</Tab>
            <Tab id="authenticator">{t('tab.authenticator')}</Tab>
            <Tab id="two-factor">{t('tab.twoFactor')}</Tab>
          </TabList>
          <Panel id="picture" selected={selected}>
            <PictureTab t={t} logic={logic.picture} />
          </Panel>
          <Panel id="password" selected={selected}>
            <PasswordTab t={t} logic={logic.password} minLength={rules.passwordMinLength} />
          </Panel>
          <Panel id="personal-info" selected={selected}>
            <PersonalInfoTab
              t={t}
              logic={logic.personal}
              isUserNameEditable={rules.isUserNameEditable}
              isEmailEditable={rules.isEmailEditable}
              isSelected={selected === 'personal-info'}
            />
          </Panel>
          <Panel id="authenticator" selected={selected}>
            <AuthenticatorTab t={t} logic={logic.authenticator} />
          </Panel>
          <Panel id="two-factor" selected={selected}>
            <TwoFactorTab t={t} logic={logic.twoFactor} canChange={rules.canChangeTwoFactor} isSelected={selected === 'two-factor'} />
          </Panel>
        </Tabs>
      </div>
    </div>
  );
}
