// The account area (/account/*, spec 2.4) in the account layout's centred card: the page title, a
// language dropdown of the other languages, the tenant box (multi-tenancy on and the innermost
// route's tenantBoxVisible not false), and the page, or the local-login-disabled warning instead.
// Sub-routes match case-insensitively (account-pages.ts); an unknown one says so.
import { useSelector } from '@xstate/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link, useLocation } from 'wouter';
import { selectLanguage } from '../../../machines/shell/language.machine.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { Button, Menu, MenuItem, MenuTrigger } from '../../ui/index.ts';
import { type AccountPageId, isTenantBoxVisible, matchAccountRoutes } from './account-pages.ts';
import { type AccountTranslate, accountTexts } from './account-texts.ts';
import { selectAccountView } from './account-view.ts';
import './account.css';
import { TenantBox } from './tenant-box.tsx';

const pages: Record<AccountPageId, ReturnType<typeof lazy>> = {
  login: lazy(() => import('./login-page.tsx')),
  register: lazy(() => import('./register-page.tsx')),
  forgotPassword: lazy(() => import('./forgot-password-page.tsx')),
  resetPassword: lazy(() => import('./reset-password-page.tsx')),
  emailConfirmation: lazy(() => import('./email-confirmation-page.tsx')),
  sendSecurityCode: lazy(() => import('./send-security-code-page.tsx')),
  recoveryCode: lazy(() => import('./recovery-code-page.tsx')),
  linkLogged: lazy(() => import('./link-logged-page.tsx')),
};

const titles: Record<AccountPageId, Parameters<AccountTranslate>[0]> = {
  login: 'title.login',
  register: 'title.register',
  forgotPassword: 'title.forgotPassword',
  resetPassword: 'title.resetPassword',
  emailConfirmation: 'title.emailConfirmation',
  sendSecurityCode: 'title.sendSecurityCode',
  recoveryCode: 'title.recoveryCode',
  linkLogged: 'title.linkLogged',
};

function LanguageDropdown({ t }: { t: AccountTranslate }) {
  const { language } = useSystem();
  const view = useSelector(language, selectLanguage, shallowEqual);
  const current = view.languages.find((entry) => entry.selected);
  const others = view.languages.filter((entry) => !entry.selected);
  return (
    <MenuTrigger>
      <Button variant="ghost" aria-label={`${t('language')}: ${current?.displayName ?? view.culture}`} isDisabled={view.isBusy}>
        {current?.displayName ?? view.culture}
      </Button>
      <Menu aria-label={t('language')} onAction={(key) => language.send({ type: 'language.select', cultureName: String(key) })}>
        {others.map((entry) => (
          <MenuItem key={entry.cultureName} id={entry.cultureName} lang={entry.cultureName}>
            {entry.displayName}
          </MenuItem>
        ))}
      </Menu>
    </MenuTrigger>
  );
}

export default function AccountArea() {
  const { auth } = useSystem();
  const t = useAreaTexts(accountTexts);
  const [location] = useLocation();
  const view = useSelector(auth, selectAccountView, shallowEqual);
  const chain = matchAccountRoutes(location);
  const page = chain.at(-1)?.page ?? null;
  const Page = page ? pages[page] : null;
  let content: ReactNode;
  if (!Page) content = <p>{t('notFound')}</p>;
  else if (!view.isLocalLoginEnabled)
    content = (
      <div role="alert" className="account-warning">
        <strong>{t('invalidLoginRequest')}</strong>
        <p>{t('noLoginSchemes')}</p>
      </div>
    );
  else
    content = (
      <Suspense fallback={null}>
        <Page />
      </Suspense>
    );
  return (
    <div className="account-area">
      <header className="account-header">
        <h1>{page ? t(titles[page]) : t('title.notFound')}</h1>
        <LanguageDropdown t={t} />
      </header>
      {isTenantBoxVisible(view.isMultiTenancyEnabled, chain) && <TenantBox t={t} tenantName={view.tenantName} />}
      {content}
      {!Page && <Link href="/">{t('goHome')}</Link>}
    </div>
  );
}
