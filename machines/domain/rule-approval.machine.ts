// Rule approval (finance-domain.md "Account management", "Lifecycles are machines on both sides"):
// the status set of an account rule (and, in the next issue, a rebate rule), one definition used by
// the server as the only authority on which transition is allowed and by the screen to offer the
// actions. Rules:
// - a rule starts Pending; from Pending it is Approved or Rejected, each by a user who is not its
//   author (four eyes); Approved and Rejected are final (a changed limit is a new rule);
// - only a Pending rule may be edited (its limits change before anyone approved them);
// - the machine starts in the stored status (input), so the server restores a row and asks whether
//   an event is accepted; an event it does not accept changes nothing.
import { createActor, type SnapshotFrom, setup } from 'xstate';

export const ruleApprovalStatuses = ['Pending', 'Approved', 'Rejected'] as const;
export type RuleApprovalStatus = (typeof ruleApprovalStatuses)[number];

export interface RuleApprovalInput {
  status: RuleApprovalStatus;
  /** The user who created the rule (null: unknown, e.g. seeded). */
  authorId: string | null;
}

export interface RuleApprovalContext {
  status: RuleApprovalStatus;
  authorId: string | null;
}

export type RuleApprovalEvent =
  | { type: 'rule.approve'; userId: string | null }
  | { type: 'rule.reject'; userId: string | null }
  | { type: 'rule.edit' };

export const ruleApprovalMachine = setup({
  types: {
    context: {} as RuleApprovalContext,
    events: {} as RuleApprovalEvent,
    input: {} as RuleApprovalInput,
  },
  guards: {
    isApproved: ({ context }) => context.status === 'Approved',
    isRejected: ({ context }) => context.status === 'Rejected',
    /** Four eyes: the deciding user is known and is not the rule's author. */
    isNotAuthor: ({ context, event }) =>
      (event.type === 'rule.approve' || event.type === 'rule.reject') && event.userId !== null && event.userId !== context.authorId,
  },
}).createMachine({
  id: 'ruleApproval',
  context: ({ input }) => ({ status: input.status, authorId: input.authorId }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'isApproved', target: 'approved' }, { guard: 'isRejected', target: 'rejected' }, { target: 'pending' }],
    },
    pending: {
      on: {
        'rule.approve': { guard: 'isNotAuthor', target: 'approved' },
        'rule.reject': { guard: 'isNotAuthor', target: 'rejected' },
        'rule.edit': { target: 'pending', reenter: true },
      },
    },
    approved: {},
    rejected: {},
  },
});

export type RuleApprovalMachine = typeof ruleApprovalMachine;

const statusOfState: Record<string, RuleApprovalStatus> = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' };

/** The view: the status the machine is in. */
export function selectRuleApproval(snapshot: SnapshotFrom<RuleApprovalMachine>): { status: RuleApprovalStatus } {
  return { status: statusOfState[String(snapshot.value)] ?? snapshot.context.status };
}

/**
 * The status a rule in `input` would reach on `event`, or null when the machine does not accept the
 * event there (the server answers 409 or 403, the screen does not offer the action).
 */
export function nextRuleApprovalStatus(input: RuleApprovalInput, event: RuleApprovalEvent): RuleApprovalStatus | null {
  const actor = createActor(ruleApprovalMachine, { input }).start();
  try {
    if (!actor.getSnapshot().can(event)) return null;
    actor.send(event);
    return selectRuleApproval(actor.getSnapshot()).status;
  } finally {
    actor.stop();
  }
}
