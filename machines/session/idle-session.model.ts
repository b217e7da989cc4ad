// The test model of idle sign-out: a session that turns idle sign-out on and off and changes its
// timeout, activity that settles, the warning with the page hidden and shown again, both answers,
// and the countdown running out (2 seconds here, so the paths stay short; the product counts 60).
import { describeEvent } from '../shell/model-events.ts';
import type { MachineModel } from '../testing/model-paths.ts';
import { type IdleSessionEvent, idleSessionMachine } from './idle-session.machine.ts';

const events: IdleSessionEvent[] = [
  { type: 'session.changed', isActive: true, timeoutMinutes: 1 },
  { type: 'session.changed', isActive: true, timeoutMinutes: 2 },
  { type: 'session.changed', isActive: false, timeoutMinutes: 1 },
  { type: 'page.visibility', isVisible: false },
  { type: 'page.visibility', isVisible: true },
];

export const idleSessionModel: MachineModel<typeof idleSessionMachine> = {
  machine: idleSessionMachine,
  scenarios: [{ name: 'app start', input: { countdownSeconds: 2 } }],
  events,
  describeEvent,
};
