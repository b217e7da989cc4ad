// The test model of the auth machine: its starting situations and the actor results that steer it.
// Shared by tests/machines/auth.machine.test.ts and the generated docs/machines/auth.md. Rules: one
// result per guard outcome (a session or none, an authenticated configuration or an anonymous one)
// and one failure per actor, so the generated paths reach every transition.
import type { EventObject } from 'xstate';
import type { ApplicationConfiguration } from '../../src/api/application-configuration.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type AuthSession, authMachine } from './auth.machine.ts';

export const storedSession: AuthSession = { accessToken: 'stored-access-token', idToken: 'stored-id-token' };
export const callbackSession: AuthSession = { accessToken: 'fresh-access-token', idToken: 'fresh-id-token' };

export function configuration(userName: string | null, cultureName = 'en'): ApplicationConfiguration {
  return {
    currentUser: {
      isAuthenticated: userName !== null,
      id: userName ? '3a1f0000-0000-0000-0000-000000000001' : null,
      tenantId: null,
      userName,
      name: userName,
      surName: null,
      email: userName ? `${userName}@abp.io` : null,
      roles: userName ? ['admin'] : [],
      impersonatorUserId: null,
    },
    currentTenant: { id: null, name: null, isAvailable: false },
    localization: { currentCulture: { cultureName, isRightToLeft: cultureName === 'ar' } },
    auth: { grantedPolicies: {} },
    features: { values: {} },
  };
}

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output }) as EventObject;
const failed = (id: string): EventObject => ({ type: `xstate.error.actor.${id}`, error: `${id} failed` }) as EventObject;

export const authModel: MachineModel<typeof authMachine> = {
  machine: authMachine,
  scenarios: [
    { name: 'fresh visit', input: { location: 'https://app.example/', culture: 'en' } },
    { name: 'back from the login page', input: { location: 'https://app.example/?code=c0de&state=s7a7e&iss=x', culture: 'en' } },
  ],
  events: [
    done('loadUser', storedSession),
    done('loadUser', null),
    failed('loadUser'),
    done('handleCallback', callbackSession),
    failed('handleCallback'),
    done('loadConfiguration', configuration('admin')),
    done('loadConfiguration', configuration(null)),
    failed('loadConfiguration'),
    failed('startSignIn'),
    done('signOut', undefined),
    failed('signOut'),
  ],
  describeEvent(event) {
    const [, kind, , id] = event.type.split('.');
    if (kind === 'error') return `${id} fails`;
    if (kind === 'after') return `${event.type.split('.')[2]} elapses`;
    if (kind !== 'done') return event.type;
    const output = (event as { output?: unknown }).output;
    if (id === 'loadUser') return output ? 'loadUser finds a session' : 'loadUser finds none';
    if (id === 'loadConfiguration') {
      const config = output as ApplicationConfiguration;
      return config.currentUser.isAuthenticated ? 'loadConfiguration: authenticated' : 'loadConfiguration: anonymous';
    }
    return `${id} succeeds`;
  },
};
