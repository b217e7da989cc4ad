// Reference of rule approval, written from finance-domain.md ("Account management": account rules;
// "Reference data": approval status Pending -> Approved | Rejected, the approver is not the author;
// "Lifecycles are machines on both sides") and issue 11 (only approved rules are enforced). A rule
// starts in its stored status; a Pending rule is approved or rejected by a known user other than its
// author, and may be edited; Approved and Rejected are final. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

type Status = 'Pending' | 'Approved' | 'Rejected';

export interface RuleApprovalExpectedView {
  status: Status;
  /**
   * What the server (and the screen's offered actions) answers to each request on a rule stored in
   * the status shown: the status it reaches, or null when refused (finance-domain.md "Lifecycles are
   * machines on both sides": the server asks the machine, from the stored status, whether an event is
   * accepted).
   */
  answers: Record<RuleApprovalRequest, Status | null>;
}

/** The requests asked about after every step, by who makes them (the userId is the author's, another user's or none). */
export const ruleApprovalRequests = {
  'approve by the author': { type: 'rule.approve', by: 'author' },
  'approve by another user': { type: 'rule.approve', by: 'other' },
  'approve by an unknown user': { type: 'rule.approve', by: 'unknown' },
  'reject by the author': { type: 'rule.reject', by: 'author' },
  'reject by another user': { type: 'rule.reject', by: 'other' },
  'reject by an unknown user': { type: 'rule.reject', by: 'unknown' },
  edit: { type: 'rule.edit', by: 'unknown' },
} as const;
export type RuleApprovalRequest = keyof typeof ruleApprovalRequests;
/** The user id of a request's maker for a rule by `authorId` (another user: any id that is not the author's). */
export function requestUserId(by: 'author' | 'other' | 'unknown', authorId: string | null): string | null {
  return by === 'author' ? authorId : by === 'other' ? `not-${authorId ?? 'anyone'}` : null;
}

/** The rules in one place: where a rule in `status` by `authorId` goes on an event, or null (refused, nothing changes). */
function decide(status: Status, authorId: string | null, event: { type: string; userId?: string | null }): Status | null {
  if (status !== 'Pending') return null;
  if (event.type === 'rule.edit') return 'Pending';
  const deciding = event.type === 'rule.approve' || event.type === 'rule.reject';
  if (!deciding || event.userId === null || event.userId === undefined || event.userId === authorId) return null;
  return event.type === 'rule.approve' ? 'Approved' : 'Rejected';
}

export const ruleApprovalRules: RuleBook = {
  source: 'finance-domain.md "Account management", "Reference data" (approval), "Lifecycles are machines on both sides"; issue 11',
  rules: {
    restored: { state: 'restoring', text: 'A rule starts in the status stored with it.' },
    approve: { state: 'pending', text: 'Approve by a known user who is not the author: Approved (from now on enforced).' },
    reject: { state: 'pending', text: 'Reject by a known user who is not the author: Rejected (never enforced).' },
    ownDecision: {
      state: 'pending',
      text: 'The author (or an unknown user) can neither approve nor reject: the rule stays Pending.',
      ignored: true,
    },
    edit: { state: 'pending', text: 'A Pending rule may be edited and stays Pending.' },
    final: { state: 'approved', text: 'Approved and Rejected are final: no approve, reject or edit.', ignored: true },
  },
  equivalentMutants: [
    {
      mutant: "isNotAuthor's check that the event is an approve or a reject made true",
      why: 'the guard guards only rule.approve and rule.reject, so the check is always true there (it narrows the event type for the compiler).',
    },
    {
      mutant: "restoring's target 'approved' or 'rejected' emptied",
      why: "a target '' is a transition to nowhere: the restored rule stays in restoring, whose status is the stored one (the view falls back to it) and which accepts no event, exactly like the final states.",
    },
    {
      mutant: "rule.edit's reenter: true made false",
      why: 'pending has no entry or exit actions, so re-entering it or not changes nothing.',
    },
    {
      mutant: "nextRuleApprovalStatus's finally (actor.stop()) emptied",
      why: 'the actor it asks has no timers, children or subscribers; stopped or left to the garbage collector, nothing observable differs.',
    },
  ],
};

export function ruleApprovalReference(rawInput: unknown): ReferenceRun<RuleApprovalExpectedView> {
  const input = rawInput as { status: Status; authorId: string | null };
  const recorder = new Recorder();
  let status: Status = input.status;
  recorder.rule('restored');
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({
      status,
      answers: Object.fromEntries(
        Object.entries(ruleApprovalRequests).map(([request, { type, by }]) => [
          request,
          decide(status, input.authorId, { type, userId: requestUserId(by, input.authorId) }),
        ]),
      ) as RuleApprovalExpectedView['answers'],
    }),
    send(event: ReferenceEvent) {
      const e = event as { type: string; userId?: string | null };
      const next = decide(status, input.authorId, e);
      if (next === null) return;
      if (e.type === 'rule.approve') recorder.rule('approve');
      else if (e.type === 'rule.reject') recorder.rule('reject');
      else recorder.rule('edit');
      status = next;
    },
  };
}
