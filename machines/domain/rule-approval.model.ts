// The test model of the rule approval machine: a rule restored in each stored status, with an
// author; every event sent by the author and by another user, and an edit.
import type { MachineModel } from '../testing/model-paths.ts';
import { describeEvent } from '../shell/model-events.ts';
import { type RuleApprovalEvent, ruleApprovalMachine } from './rule-approval.machine.ts';

export const ruleAuthor = 'author-1';
export const otherUser = 'approver-2';

export const ruleApprovalModel: MachineModel<typeof ruleApprovalMachine> = {
  machine: ruleApprovalMachine,
  scenarios: [
    { name: 'pending', input: { status: 'Pending', authorId: ruleAuthor } },
    { name: 'approved', input: { status: 'Approved', authorId: ruleAuthor } },
    { name: 'rejected', input: { status: 'Rejected', authorId: ruleAuthor } },
    { name: 'no author', input: { status: 'Pending', authorId: null } },
  ],
  events: (
    [
      { type: 'rule.approve', userId: ruleAuthor },
      { type: 'rule.approve', userId: otherUser },
      { type: 'rule.approve', userId: null },
      { type: 'rule.reject', userId: ruleAuthor },
      { type: 'rule.reject', userId: otherUser },
      { type: 'rule.edit' },
    ] satisfies RuleApprovalEvent[]
  ).map((event) => ({ ...event })),
  describeEvent,
};
