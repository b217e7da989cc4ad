// Account rules (/account-management/rule; finance-domain.md "Account management", spec 6
// Finance.AccountRule): a spec of the resource kit over /api/app/account-rule. Rules: the actions a
// row offers come from rule-approval.machine.ts, the definition the server enforces: Edit only while
// Pending, Approve and Reject only for a user who is not the rule's author; limits are decimal texts
// of the rule's currency (empty: not checked), never numbers; the account type is a value of the
// lookup AccountType, the currency one of the tenant's.
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { nextRuleApprovalStatus } from '../../../../machines/domain/rule-approval.machine.ts';
import type { EntityValues } from '../../../../machines/generic/entity-form.machine.ts';
import {
  type AccountRuleDto,
  createAccountRule,
  decideAccountRule,
  deleteAccountRule,
  getAccountRule,
  getAccountRules,
  updateAccountRule,
} from '../../../api/account-rules.ts';
import { currencyOptions } from '../../../api/currencies.ts';
import type { Http } from '../../../api/http.ts';
import { getLookupOptions } from '../../../api/lookups.ts';
import { useSystem } from '../../../app/system-context.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import type { AreaTranslate } from '../../../i18n/define-texts.ts';
import { Badge } from '../../../ui/index.ts';
import { type KitTextKey, kitTexts } from '../../../views/kit/kit-texts.ts';
import { listExport } from '../../../views/kit/list-export.ts';
import { abpListQuery, type FilterSpec, type ResourceSpec } from '../../../views/kit/resource-spec.ts';
import { ResourceScreen } from '../../../views/kit/resource-screen.tsx';
import { limitNames, limitText, validateAccountRule } from './account-rule-rules.ts';
import { accountRuleTexts } from './account-rule-texts.ts';

type AccountRuleKey = Parameters<ReturnType<typeof accountRuleTexts>>[0];
type AccountRuleRow = AccountRuleDto & { accountTypeLabel: string };

const loadChoices = async (http: Http, signal: AbortSignal) => {
  const [types, currencies] = await Promise.all([getLookupOptions(http, 'AccountType', signal), currencyOptions(http, signal)]);
  return { __accountTypes: types, __currencies: currencies };
};

export function accountRuleSpec(
  t: AreaTranslate<AccountRuleKey>,
  kit: AreaTranslate<KitTextKey>,
  currentUserId: string | null,
): ResourceSpec<AccountRuleRow> {
  const statusOptions = (['Pending', 'Approved', 'Rejected'] as const).map((status) => ({ id: status, label: t(status) }));
  const filters: FilterSpec[] = [
    { kind: 'select', name: 'status', label: t('status'), options: statusOptions },
    { kind: 'select', name: 'currencyCode', label: t('currency'), loadOptions: currencyOptions },
  ];
  const accepts = (item: AccountRuleDto, type: 'rule.approve' | 'rule.reject' | 'rule.edit') =>
    nextRuleApprovalStatus(
      { status: item.status, authorId: item.creatorId },
      type === 'rule.edit' ? { type } : { type, userId: currentUserId },
    ) !== null;
  const limitsOf = (item: AccountRuleDto) => {
    const parts = limitNames.filter((field) => item[field] !== null).map((field) => `${t(field)}: ${item[field]}`);
    if (!item.overdraftAllowed) parts.push(t('noOverdraft'));
    return parts.length ? parts.join(' · ') : t('noLimits');
  };
  const variant = { Pending: 'warning', Approved: 'success', Rejected: 'light' } as const;
  const body = (values: EntityValues) => ({
    name: String(values.name ?? '').trim(),
    accountTypeId: String(values.accountTypeId ?? ''),
    currencyCode: String(values.currencyCode ?? ''),
    ...Object.fromEntries(limitNames.map((field) => [field, limitText(values[field])])),
    overdraftAllowed: values.overdraftAllowed === true,
  });
  const decide = (decision: 'approve' | 'reject') => ({
    id: decision,
    label: t(decision),
    permission: 'Finance.AccountRule.Update',
    isAvailable: (item: AccountRuleRow) => accepts(item, decision === 'approve' ? 'rule.approve' : 'rule.reject'),
    confirm: (item: AccountRuleRow) => t(decision === 'approve' ? 'approveConfirm' : 'rejectConfirm', item.name),
    successText: t(decision === 'approve' ? 'approved' : 'rejected'),
    run: (http: Http, item: AccountRuleRow) => decideAccountRule(http, item.id, decision, item.concurrencyStamp),
  });
  return {
    title: t('title'),
    tableLabel: t('table'),
    intro: <p>{t('intro')}</p>,
    getId: (item) => item.id,
    getLabel: (item) => item.name,
    defaultSorting: { id: 'name', direction: 'asc' },
    filters,
    columns: [
      { id: 'name', header: t('name'), sortable: true, cell: (item) => item.name },
      { id: 'accountType', header: t('accountType'), cell: (item) => item.accountTypeLabel },
      { id: 'currencyCode', header: t('currency'), sortable: true, dir: 'ltr', cell: (item) => item.currencyCode },
      { id: 'limits', header: t('limits'), cell: limitsOf },
      { id: 'status', header: t('status'), sortable: true, cell: (item) => <Badge variant={variant[item.status]}>{t(item.status)}</Badge> },
    ],
    list: async (http, query, signal) => {
      const [page, types] = await Promise.all([
        getAccountRules(http, abpListQuery(query, filters), signal),
        getLookupOptions(http, 'AccountType', signal),
      ]);
      const label = (id: string) => types.find((type) => type.id === id)?.label ?? '';
      return { totalCount: page.totalCount, items: page.items.map((item) => ({ ...item, accountTypeLabel: label(item.accountTypeId) })) };
    },
    export: listExport('/api/app/account-rule', { resource: 'account-rules', fileName: 'AccountRules', filters }),
    form: {
      entityName: t('entityName'),
      createPermission: 'Finance.AccountRule.Create',
      updatePermission: 'Finance.AccountRule.Update',
      isEditable: (item) => accepts(item, 'rule.edit'),
      initialValues: { name: '', accountTypeId: null, currencyCode: null, overdraftAllowed: true },
      fields: [
        { name: 'name', label: t('name'), kind: 'text', isRequired: true, maxLength: 128 },
        { name: 'accountTypeId', label: t('accountType'), kind: 'select', isRequired: true, optionsFrom: '__accountTypes' },
        { name: 'currencyCode', label: t('currency'), kind: 'select', isRequired: true, optionsFrom: '__currencies' },
        ...limitNames.map((field) => ({ name: field, label: t(field), kind: 'text' as const, maxLength: 20 })),
        { name: 'overdraftAllowed', label: t('overdraftAllowed'), kind: 'checkbox' },
      ],
      validate: validateAccountRule(t, kit),
      loadNew: async (http, signal) => ({
        values: {
          name: '',
          accountTypeId: null,
          currencyCode: null,
          ...Object.fromEntries(limitNames.map((field) => [field, ''])),
          overdraftAllowed: true,
          ...(await loadChoices(http, signal)),
        },
        concurrencyStamp: null,
      }),
      load: async (http, id, signal) => {
        const [item, choices] = await Promise.all([getAccountRule(http, id, signal), loadChoices(http, signal)]);
        return {
          values: {
            name: item.name,
            accountTypeId: item.accountTypeId,
            currencyCode: item.currencyCode,
            ...Object.fromEntries(limitNames.map((field) => [field, item[field] ?? ''])),
            overdraftAllowed: item.overdraftAllowed,
            ...choices,
          },
          concurrencyStamp: item.concurrencyStamp,
        };
      },
      save: (http, { id, values, concurrencyStamp }) =>
        id === null
          ? createAccountRule(http, body(values))
          : updateAccountRule(http, id, { ...body(values), concurrencyStamp: concurrencyStamp ?? '' }),
    },
    rowActions: [
      decide('approve'),
      decide('reject'),
      {
        id: 'delete',
        label: kit('delete'),
        icon: 'x',
        isDanger: true,
        permission: 'Finance.AccountRule.Delete',
        confirm: (item) => t('deleteConfirm', item.name),
        removesRow: true,
        successText: kit('successfullyDeleted'),
        run: (http, item) => deleteAccountRule(http, item.id),
      },
    ],
  };
}

export default function AccountRuleScreen() {
  const t = useAreaTexts(accountRuleTexts);
  const kit = useAreaTexts(kitTexts);
  const { auth } = useSystem();
  const currentUserId = useSelector(auth, (snapshot) => snapshot.context.configuration?.currentUser.id ?? null);
  const spec = useMemo(() => accountRuleSpec(t, kit, currentUserId), [t, kit, currentUserId]);
  return <ResourceScreen spec={spec} />;
}
