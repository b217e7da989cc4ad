// The OpenID application form's own rules (issue 19): URIs typed one per line become the API's list
// kept exactly as written (no slash added to `http://localhost:4200`); the form's values become
// ApplicationDto's input (a public client sends no secret and no client credentials flow; an
// untyped secret is sent as null so the server keeps or generates one); client validation refuses a
// relative URI and a missing client id, and accepts a complete confidential client.
import { describe, expect, it } from 'vitest';
import { applicationInput, applicationValidator, linesOf } from '../../src/screens/openiddict/applications/application-rules.ts';
import { openIddictTexts } from '../../src/screens/openiddict/openiddict-texts.ts';
import { kitTexts } from '../../src/views/kit/kit-texts.ts';

const t = openIddictTexts('en');
const kit = kitTexts('en');

describe('OpenID application form', () => {
  it('reads URIs one per line, exactly as typed', () => {
    expect(linesOf('http://localhost:4200\n\n  https://app.example.com/cb  \r\n')).toEqual([
      'http://localhost:4200',
      'https://app.example.com/cb',
    ]);
    expect(linesOf(['a', ' b '])).toEqual(['a', 'b']);
    expect(linesOf(undefined)).toEqual([]);
  });

  it('maps the values to the API input', () => {
    const base = {
      clientId: ' Angular_App ',
      displayName: 'Angular',
      clientType: 'public',
      clientSecret: 'typed',
      allowAuthorizationCodeFlow: true,
      allowClientCredentialsFlow: true,
      redirectUris: 'http://localhost:4200',
      scopes: ['openid', 'Finance'],
      extensionGrantTypes: ['LinkLogin'],
      clientUri: '',
    };
    expect(applicationInput(base)).toMatchObject({
      clientId: 'Angular_App',
      clientType: 'public',
      clientSecret: null,
      allowClientCredentialsFlow: false,
      allowAuthorizationCodeFlow: true,
      redirectUris: ['http://localhost:4200'],
      scopes: ['openid', 'Finance'],
      extensionGrantTypes: ['LinkLogin'],
      clientUri: null,
      consentType: 'implicit',
      applicationType: 'web',
    });
    const confidential = applicationInput({ ...base, clientType: 'confidential', clientSecret: '  ' });
    expect(confidential).toMatchObject({ clientType: 'confidential', clientSecret: null, allowClientCredentialsFlow: true });
    expect(applicationInput({ ...base, clientType: 'confidential' }).clientSecret).toBe('typed');
  });

  it('validates on the client: relative URIs and a missing client id are refused', () => {
    const validate = applicationValidator(t, kit);
    const good = {
      clientId: 'Svc',
      displayName: 'Service',
      clientType: 'confidential',
      redirectUris: 'https://svc.example.com/cb',
      postLogoutRedirectUris: '',
      logoUri: '',
    };
    expect(validate(good)).toEqual({});
    expect(validate({ ...good, redirectUris: 'https://ok.example.com\n/relative' })).toEqual({
      redirectUris: 'Redirect URIs must be absolute URIs, one per line.',
    });
    expect(validate({ ...good, logoUri: 'logo.png' })).toHaveProperty('logoUri');
    expect(validate({ ...good, clientId: '' })).toHaveProperty('clientId');
  });
});
