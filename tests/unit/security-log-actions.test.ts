// Every security-log action the server writes has a text in every language, and an unknown action
// shows as written (issue 20.9).
import { describe, expect, it } from 'vitest';
import { AccountLogActions } from '../../server/modules/account/account-users.ts';
import { SecurityLogActions } from '../../server/identity-server/sign-in.ts';
import {
  securityLogActionName,
  securityLogActions,
  securityLogActionTexts,
} from '../../src/screens/identity/security-logs/security-log-actions.ts';

describe('security log actions', () => {
  it('names exactly the actions the server writes', () => {
    const written = [...Object.values(SecurityLogActions), ...Object.values(AccountLogActions)].sort();
    expect([...securityLogActions].sort()).toEqual(written);
  });

  it.each(['en', 'ar', 'fr', 'hy'])('says them in %s', (culture) => {
    const t = securityLogActionTexts(culture);
    expect(securityLogActionName(t, 'LoginSucceeded')).not.toBe('LoginSucceeded');
    expect(securityLogActionName(t, 'ChangePassword')).not.toBe('ChangePassword');
  });

  it('shows an unknown action as written, and nothing for none', () => {
    const t = securityLogActionTexts('fr');
    expect(securityLogActionName(t, 'LoginSucceeded')).toBe('Connexion réussie');
    expect(securityLogActionName(t, 'SomethingNew')).toBe('SomethingNew');
    expect(securityLogActionName(t, 'constructor')).toBe('constructor');
    expect(securityLogActionName(t, null)).toBe('');
  });
});
