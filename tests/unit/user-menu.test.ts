// The user menu's entries, orders, conditions and targets (spec 2.3).
import { describe, expect, it } from 'vitest';
import { type UserMenuInput, userMenuGroups } from '../../src/app/user-menu.ts';

const base: UserMenuInput = {
  flow: 'code',
  issuer: 'https://id.example/',
  currentUrl: 'https://app.example/identity/users?x=1',
  impersonatorUserId: null,
  linkedAccountsAvailable: true,
};
const ids = (input: UserMenuInput) => userMenuGroups(input).map((group) => group.map((item) => item.id));

describe('user menu', () => {
  it('lists every entry in order, Logout alone in the second group', () => {
    expect(ids(base)).toEqual([
      ['personalData', 'sessions', 'externalLogins', 'linkedAccounts', 'authorityDelegation', 'myAccount', 'mySecurityLogs'],
      ['logout'],
    ]);
    expect(
      userMenuGroups(base)
        .flat()
        .map((item) => item.order),
    ).toEqual([100, 100, 101, 102, 103, 104, 105, 106]);
  });

  it('sends Personal Data to /gdpr with a lock icon', () => {
    expect(userMenuGroups(base)[0]![0]).toMatchObject({ action: { kind: 'route', path: '/gdpr' }, icon: 'lock' });
  });

  it('opens the identity server pages in a new tab with the code flow, Manage with the current url', () => {
    const byId = Object.fromEntries(
      userMenuGroups(base)
        .flat()
        .map((item) => [item.id, item.action]),
    );
    expect(byId.myAccount).toEqual({
      kind: 'newTab',
      href: 'https://id.example/Account/Manage?returnUrl=https%3A%2F%2Fapp.example%2Fidentity%2Fusers%3Fx%3D1',
    });
    expect(byId.mySecurityLogs).toEqual({ kind: 'newTab', href: 'https://id.example/Account/SecurityLogs' });
    expect(byId.sessions).toEqual({ kind: 'newTab', href: 'https://id.example/Account/Sessions' });
  });

  it('uses in-app routes and hides External Logins with the password flow', () => {
    const password = { ...base, flow: 'password' as const };
    expect(ids(password)[0]).not.toContain('externalLogins');
    const byId = Object.fromEntries(
      userMenuGroups(password)
        .flat()
        .map((item) => [item.id, item.action]),
    );
    expect(byId.myAccount).toEqual({ kind: 'newTab', href: '/account/manage' });
  });

  it('hides Linked Accounts without the feature and Authority Delegation while impersonated', () => {
    expect(ids({ ...base, linkedAccountsAvailable: false })[0]).not.toContain('linkedAccounts');
    expect(ids({ ...base, impersonatorUserId: 'someone' })[0]).not.toContain('authorityDelegation');
  });

  it('offers Back to my account before Logout while impersonated, and hides Authority Delegation', () => {
    const groups = userMenuGroups({ ...base, impersonatorUserId: '3a0f0000-0000-4000-8000-000000000009' });
    expect(groups.map((group) => group.map((item) => item.id))).toEqual([
      ['personalData', 'sessions', 'externalLogins', 'linkedAccounts', 'myAccount', 'mySecurityLogs'],
      ['backToImpersonator', 'logout'],
    ]);
    expect(groups[1]![0]!.action).toEqual({ kind: 'endImpersonation' });
    expect(ids(base)[1]).toEqual(['logout']);
  });
});

describe('user menu: machine docs (issue 12)', () => {
  it("offers 'Machine docs' after My Security Logs only to holders of Finance.Developer.Docs", () => {
    expect(ids(base)[0]).not.toContain('machineDocs');
    expect(ids({ ...base, developerDocs: false })[0]).not.toContain('machineDocs');
    const granted = userMenuGroups({ ...base, developerDocs: true })[0]!;
    expect(granted.map((item) => item.id).slice(-2)).toEqual(['mySecurityLogs', 'machineDocs']);
    expect(granted.at(-1)).toMatchObject({ label: 'user.machineDocs', action: { kind: 'route', path: '/docs/open' } });
  });
});

describe('user menu: support session (issue 12)', () => {
  it("offers 'Record a support session' when allowed, and 'Save recording' in its place while recording", () => {
    expect(ids(base)[0]).not.toContain('recordSession');
    const offered = userMenuGroups({ ...base, recordingOffered: true })[0]!;
    expect(offered.at(-1)).toMatchObject({ id: 'recordSession', label: 'user.recordSession', action: { kind: 'recordSession' } });
    const recording = userMenuGroups({ ...base, recordingOffered: true, recording: true })[0]!;
    expect(recording.map((item) => item.id)).not.toContain('recordSession');
    expect(recording.at(-1)).toMatchObject({ id: 'saveRecording', label: 'user.saveRecording', action: { kind: 'saveRecording' } });
    // A session started in development (flag on at load) can be saved even where it is not offered.
    expect(ids({ ...base, recording: true })[0]).toContain('saveRecording');
  });
});
