// Rule approval, driven headless: examples that pin the four-eyes rule and the final statuses (what
// the server's 409/403 and the screen's Approve/Reject offer rest on), then every generated model
// path (docs/machines/ruleApproval.md), checked step by step against the reference written from the
// finance design (reference/rule-approval.reference.ts).
import { describe, expect, it } from 'vitest';
import { nextRuleApprovalStatus, selectRuleApproval } from '../../machines/domain/rule-approval.machine.ts';
import { otherUser, ruleApprovalModel, ruleAuthor } from '../../machines/domain/rule-approval.model.ts';
import { describeReferencePaths } from './reference-driver.ts';
import {
  type RuleApprovalExpectedView,
  requestUserId,
  ruleApprovalReference,
  ruleApprovalRequests,
  ruleApprovalRules,
} from './reference/rule-approval.reference.ts';

const pending = { status: 'Pending', authorId: ruleAuthor } as const;

describe('rule approval', () => {
  it('lets another user approve or reject a pending rule', () => {
    expect(nextRuleApprovalStatus(pending, { type: 'rule.approve', userId: otherUser })).toBe('Approved');
    expect(nextRuleApprovalStatus(pending, { type: 'rule.reject', userId: otherUser })).toBe('Rejected');
  });

  it('refuses the author and an unknown user', () => {
    expect(nextRuleApprovalStatus(pending, { type: 'rule.approve', userId: ruleAuthor })).toBeNull();
    expect(nextRuleApprovalStatus(pending, { type: 'rule.reject', userId: ruleAuthor })).toBeNull();
    expect(nextRuleApprovalStatus(pending, { type: 'rule.approve', userId: null })).toBeNull();
  });

  it('edits only a pending rule; approved and rejected are final', () => {
    expect(nextRuleApprovalStatus(pending, { type: 'rule.edit' })).toBe('Pending');
    for (const status of ['Approved', 'Rejected'] as const) {
      const input = { status, authorId: ruleAuthor };
      expect(nextRuleApprovalStatus(input, { type: 'rule.edit' })).toBeNull();
      expect(nextRuleApprovalStatus(input, { type: 'rule.approve', userId: otherUser })).toBeNull();
      expect(nextRuleApprovalStatus(input, { type: 'rule.reject', userId: otherUser })).toBeNull();
    }
  });
});

describeReferencePaths('rule approval', {
  model: ruleApprovalModel,
  id: 'ruleApproval',
  actorNames: [],
  // The status shown, and what the server's helper (the only authority on transitions, also the
  // screen's offered actions) answers to each request on a rule stored in that status.
  select: (snapshot): RuleApprovalExpectedView => {
    const { status } = selectRuleApproval(snapshot as never);
    const { authorId } = (snapshot as unknown as { context: { authorId: string | null } }).context;
    const answers = Object.entries(ruleApprovalRequests).map(([request, { type, by }]) => {
      const event = type === 'rule.edit' ? { type } : { type, userId: requestUserId(by, authorId) };
      return [request, nextRuleApprovalStatus({ status, authorId }, event)] as const;
    });
    return { status, answers: Object.fromEntries(answers) as RuleApprovalExpectedView['answers'] };
  },
  reference: ruleApprovalReference,
  rules: ruleApprovalRules,
});
