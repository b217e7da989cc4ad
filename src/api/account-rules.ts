// Account rules (finance-domain.md "Account management"; contract/finance-reference.ts): the paged
// list, one record, create, update of a pending rule with its concurrency stamp, approve and reject
// (another user than the author; rule-approval.machine.ts decides), delete.
import type { PagedResult } from '../../contract/common.ts';
import type { AccountRuleDto, CreateAccountRuleDto, UpdateAccountRuleDto } from '../../contract/finance-reference.ts';
import type { Http } from './http.ts';

export type { AccountRuleDto, CreateAccountRuleDto, UpdateAccountRuleDto };

const base = '/api/app/account-rule';
const one = (id: string) => `${base}/${encodeURIComponent(id)}`;

export function getAccountRules(http: Http, query: Record<string, string | number | boolean>, signal?: AbortSignal) {
  return http<PagedResult<AccountRuleDto>>(base, { query, signal });
}

export function getAccountRule(http: Http, id: string, signal?: AbortSignal) {
  return http<AccountRuleDto>(one(id), { signal });
}

export function createAccountRule(http: Http, body: CreateAccountRuleDto) {
  return http<AccountRuleDto>(base, { method: 'POST', body });
}

export function updateAccountRule(http: Http, id: string, body: UpdateAccountRuleDto) {
  return http<AccountRuleDto>(one(id), { method: 'PUT', body });
}

export function decideAccountRule(http: Http, id: string, decision: 'approve' | 'reject', concurrencyStamp: string) {
  return http<AccountRuleDto>(`${one(id)}/${decision}`, { method: 'POST', body: { concurrencyStamp } });
}

export async function deleteAccountRule(http: Http, id: string): Promise<void> {
  await http(one(id), { method: 'DELETE' });
}
