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
};

export function ruleApprovalReference(rawInput: unknown): ReferenceRun<RuleApprovalExpectedView> {
  const input = rawInput as { status: Status; authorId: string | null };
  const recorder = new Recorder();
  let status: Status = input.status;
  recorder.rule('restored');
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => ({ status }),
    send(event: ReferenceEvent) {
      if (status !== 'Pending') return;
      const e = event as { type: string; userId?: string | null };
      const deciding = e.type === 'rule.approve' || e.type === 'rule.reject';
      if (deciding && (e.userId === null || e.userId === undefined || e.userId === input.authorId)) return;
      if (e.type === 'rule.approve') {
        recorder.rule('approve');
        status = 'Approved';
      } else if (e.type === 'rule.reject') {
        recorder.rule('reject');
        status = 'Rejected';
      } else if (e.type === 'rule.edit') recorder.rule('edit');
    },
  };
}
