// The test model of the Authenticator app tab: a user with and without a key, a typed code that
// verifies or is refused, recovery codes acknowledged, a reset that works or fails, load failures.
import { describeEvent, done, failed } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type MyAccountAuthenticatorEvent, myAccountAuthenticatorMachine } from './my-account-authenticator.machine.ts';

const events = [
  done('hasAuthenticatorKey', true),
  done('hasAuthenticatorKey', false),
  done('loadAuthenticatorInfo', { key: 'ABCD EFGH', uri: 'otpauth://totp/Finance:admin?secret=ABCDEFGH&issuer=Finance' }),
  failed('hasAuthenticatorKey'),
  failed('loadAuthenticatorInfo'),
  { type: 'code.change', code: '123 456' } satisfies MyAccountAuthenticatorEvent,
  { type: 'code.change', code: ' ' } satisfies MyAccountAuthenticatorEvent,
  done('verifyCode', ['code-1', 'code-2']),
  { type: 'xstate.error.actor.verifyCode', error: { message: 'Invalid code', fields: {} } },
  done('resetAuthenticator', undefined),
  failed('resetAuthenticator'),
];

export const myAccountAuthenticatorModel: MachineModel<typeof myAccountAuthenticatorMachine> = {
  machine: myAccountAuthenticatorMachine,
  scenarios: [{ name: 'tab opened', input: undefined }],
  events,
  describeEvent,
};
