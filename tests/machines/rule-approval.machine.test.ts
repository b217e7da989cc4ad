// Rule approval, driven headless: examples that pin the four-eyes rule and the final statuses (what
// the server's 409/403 and the screen's Approve/Reject offer rest on), then every generated model
// path (docs/machines/ruleApproval.md), checked step by step against the reference written from the
// finance design (reference/rule-approval.reference.ts).
import { describe, expect, it } from 'vitest';
import { nextRuleApprovalStatus, selectRuleApproval } from '../../machines/domain/rule-approval.machine.ts';
import { otherUser, ruleApprovalModel, ruleAuthor } from '../../machines/domain/rule-approval.model.ts';
import { describeReferencePaths } from './reference-driver.ts';
import { ruleApprovalReference, ruleApprovalRules } from './reference/rule-approval.reference.ts';

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
  select: (snapshot) => selectRuleApproval(snapshot as never),
  reference: ruleApprovalReference,
  rules: ruleApprovalRules,
});
