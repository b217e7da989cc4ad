// The two-factor core (server/modules/account/two-factor.ts) against a real server and database:
// behaviour rules from settings and features, providers, authenticator keys and single-use TOTP,
// recovery codes, e-mail security codes through the outbox, signed tokens and remember-browser values.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema/index.ts';
import {
  authenticatorKey,
  authenticatorUri,
  confirmAuthenticator,
  createTwoFactorToken,
  generateRecoveryCodes,
  hasAuthenticator,
  isBrowserRemembered,
  isRememberBrowserEnabled,
  redeemRecoveryCode,
  remainingRecoveryCodes,
  rememberBrowserValue,
  resetAuthenticator,
  sendEmailSecurityCode,
  setTwoFactorEnabled,
  signInProviders,
  twoFactorBehaviour,
  twoFactorProvidersFor,
  usersCanChangeTwoFactor,
  verifyAuthenticatorCode,
  verifyEmailSecurityCode,
  verifyTwoFactorToken,
} from '../../server/modules/account/two-factor.ts';
import { setSettingValues } from '../../server/modules/setting-management/store.ts';
import { createUserRow, latestSecurityCode, outboxMails, secretOfUri, totpCode } from '../kit/auth.ts';
import { startTestServer, type TestServer } from '../kit/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const global = { providerName: 'G' as const, providerKey: '' };

const newUser = (name: string, patch: Partial<typeof users.$inferInsert> = {}) =>
  createUserRow(server, { userName: name, password: '1q2w3E*' }, patch);

describe('two-factor behaviour rules', () => {
  it('reads Optional by default, follows the setting (names and numbers) and lets the feature win', async () => {
    expect(await twoFactorBehaviour(server.ctx, null)).toBe('Optional');
    expect(await usersCanChangeTwoFactor(server.ctx, null)).toBe(true);
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': 'Forced' }, global);
    expect(await twoFactorBehaviour(server.ctx, null)).toBe('Forced');
    expect(await usersCanChangeTwoFactor(server.ctx, null)).toBe(false);
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': '1' }, global);
    expect(await twoFactorBehaviour(server.ctx, null)).toBe('Disabled');
    await setSettingValues(
      server.ctx,
      { 'Abp.Identity.TwoFactor.Behaviour': null, 'Abp.Identity.TwoFactor.UsersCanChange': 'false' },
      global,
    );
    expect(await usersCanChangeTwoFactor(server.ctx, null)).toBe(false);
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.UsersCanChange': null }, global);
    expect(await isRememberBrowserEnabled(server.ctx, null)).toBe(true);
    await setSettingValues(server.ctx, { 'Abp.Account.TwoFactor.IsRememberBrowserEnabled': 'false' }, global);
    expect(await isRememberBrowserEnabled(server.ctx, null)).toBe(false);
    await setSettingValues(server.ctx, { 'Abp.Account.TwoFactor.IsRememberBrowserEnabled': null }, global);
  });

  it('asks for a second factor only when the behaviour and the user say so', async () => {
    const off = await newUser('tf-off');
    const on = await newUser('tf-on', { twoFactorEnabled: true });
    const unconfirmed = await newUser('tf-unconfirmed', { twoFactorEnabled: true, emailConfirmed: false });
    expect(await twoFactorProvidersFor(server.ctx, on)).toEqual(['Email']);
    expect(await twoFactorProvidersFor(server.ctx, unconfirmed)).toEqual([]);
    expect(await signInProviders(server.ctx, off)).toBeNull();
    expect(await signInProviders(server.ctx, on)).toEqual(['Email']);
    // Two-factor on but no provider: the password is enough under Optional.
    expect(await signInProviders(server.ctx, unconfirmed)).toBeNull();

    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': 'Forced' }, global);
    expect(await signInProviders(server.ctx, off)).toEqual(['Email']);
    expect(await signInProviders(server.ctx, unconfirmed)).toEqual(['Email']);
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': 'Disabled' }, global);
    expect(await signInProviders(server.ctx, on)).toBeNull();
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.Behaviour': null }, global);
  });

  it('lets a user switch two-factor only when allowed and with a provider', async () => {
    const user = await newUser('tf-switch');
    expect(await setTwoFactorEnabled(server.ctx, user, true)).toBe(true);
    const noProvider = await newUser('tf-switch-none', { emailConfirmed: false });
    expect(await setTwoFactorEnabled(server.ctx, noProvider, true)).toBe(false);
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.UsersCanChange': 'false' }, global);
    expect(await setTwoFactorEnabled(server.ctx, user, false)).toBe(false);
    await setSettingValues(server.ctx, { 'Abp.Identity.TwoFactor.UsersCanChange': null }, global);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorEnabled).toBe(true);
  });
});

describe('authenticator', () => {
  it('keeps one sealed key, accepts each TOTP once within ±1 step, and confirms with recovery codes', async () => {
    const user = await newUser('tf-app');
    const uri = await authenticatorUri(server.ctx, user);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Finance:tf-app%40example\.test\?/);
    const secret = secretOfUri(uri);
    expect((await authenticatorKey(server.ctx, user)).key).toBe(secret);
    expect(await hasAuthenticator(server.ctx, user.id)).toBe(false);

    expect(await confirmAuthenticator(server.ctx, user, '000000')).toBeNull();
    const codes = await confirmAuthenticator(server.ctx, user, await totpCode(secret, -1));
    expect(codes).toHaveLength(10);
    expect(await hasAuthenticator(server.ctx, user.id)).toBe(true);
    const [row] = await server.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.twoFactorEnabled).toBe(true);
    expect(await twoFactorProvidersFor(server.ctx, row!)).toEqual(['Email', 'Authenticator']);

    // The code of the current step works once, then never again; an older step is refused too.
    const now = await totpCode(secret);
    expect(await verifyAuthenticatorCode(server.ctx, user.id, now)).toBe(true);
    expect(await verifyAuthenticatorCode(server.ctx, user.id, now)).toBe(false);
    expect(await verifyAuthenticatorCode(server.ctx, user.id, await totpCode(secret, -1))).toBe(false);
    expect(await verifyAuthenticatorCode(server.ctx, user.id, await totpCode(secret, 1))).toBe(true);
    // Two steps ahead is outside the window.
    expect(await verifyAuthenticatorCode(server.ctx, user.id, await totpCode(secret, 3))).toBe(false);
    expect(await verifyAuthenticatorCode(server.ctx, user.id, 'abcdef')).toBe(false);

    await resetAuthenticator(server.ctx, row!);
    expect(await hasAuthenticator(server.ctx, user.id)).toBe(false);
    expect(await remainingRecoveryCodes(server.ctx, user.id)).toBe(0);
    expect((await authenticatorKey(server.ctx, user)).key).not.toBe(secret);
  });
});

describe('recovery codes', () => {
  it('redeems each of 10 codes once, in any case and with or without the dash; new codes replace old ones', async () => {
    const user = await newUser('tf-recovery');
    const codes = await generateRecoveryCodes(server.ctx, user);
    expect(new Set(codes).size).toBe(10);
    expect(codes[0]).toMatch(/^[A-Z0-9]{5}-[A-Z0-9]{5}$/);
    expect(await redeemRecoveryCode(server.ctx, user.id, codes[0]!.toLowerCase())).toBe(true);
    expect(await redeemRecoveryCode(server.ctx, user.id, codes[0]!)).toBe(false);
    expect(await redeemRecoveryCode(server.ctx, user.id, codes[1]!.replace('-', ''))).toBe(true);
    expect(await remainingRecoveryCodes(server.ctx, user.id)).toBe(8);
    const other = await newUser('tf-recovery-other');
    expect(await redeemRecoveryCode(server.ctx, other.id, codes[2]!)).toBe(false);
    await generateRecoveryCodes(server.ctx, user);
    expect(await redeemRecoveryCode(server.ctx, user.id, codes[2]!)).toBe(false);
  });
});

describe('e-mail security codes', () => {
  it('mails a 6-digit code in the culture asked, consumes it once, and binds it to its purpose', async () => {
    const user = await newUser('tf-mail');
    await sendEmailSecurityCode(server.ctx, user, { culture: 'fr' });
    const mails = await outboxMails(server, user.email);
    expect(mails.at(-1)?.raw).toContain('Votre code de s');
    const code = await latestSecurityCode(server, user.email);
    expect(await verifyEmailSecurityCode(server.ctx, user.id, code, 'OtherPurpose')).toBe(false);
    expect(await verifyEmailSecurityCode(server.ctx, user.id, code)).toBe(true);
    expect(await verifyEmailSecurityCode(server.ctx, user.id, code)).toBe(false);
  });

  it('replaces an earlier code with a new one and burns a code after 5 wrong tries', async () => {
    const user = await newUser('tf-mail-2');
    await sendEmailSecurityCode(server.ctx, user, { culture: 'en' });
    const first = await latestSecurityCode(server, user.email);
    await sendEmailSecurityCode(server.ctx, user, { culture: 'en' });
    const second = await latestSecurityCode(server, user.email);
    if (first !== second) expect(await verifyEmailSecurityCode(server.ctx, user.id, first)).toBe(false);
    const wrong = second === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect(await verifyEmailSecurityCode(server.ctx, user.id, wrong)).toBe(false);
    expect(await verifyEmailSecurityCode(server.ctx, user.id, second)).toBe(false);
  });
});

describe('signed values', () => {
  it('binds the two-factor token and the remember-browser value to the user and its security stamp', async () => {
    const user = await newUser('tf-signed');
    const other = await newUser('tf-signed-other');
    const token = createTwoFactorToken(server.ctx, user);
    expect(verifyTwoFactorToken(server.ctx, user, token)).toBe(true);
    expect(verifyTwoFactorToken(server.ctx, other, token)).toBe(false);
    expect(verifyTwoFactorToken(server.ctx, user, `${token}x`)).toBe(false);
    expect(verifyTwoFactorToken(server.ctx, user, '')).toBe(false);
    const remembered = rememberBrowserValue(server.ctx, user);
    expect(isBrowserRemembered(server.ctx, user, remembered)).toBe(true);
    expect(isBrowserRemembered(server.ctx, other, remembered)).toBe(false);
    // A new security stamp (password change) ends both.
    const changed = { ...user, securityStamp: crypto.randomUUID() };
    expect(verifyTwoFactorToken(server.ctx, changed, token)).toBe(false);
    expect(isBrowserRemembered(server.ctx, changed, remembered)).toBe(false);
  });
});
