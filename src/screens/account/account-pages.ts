// The account area's sub-routes (spec 2.4) and the tenant box rule, as pure data and functions.
// Rules:
// - /account/* matches case-insensitively, trailing slashes ignored; an unknown page is not found;
// - the tenant box shows when multi-tenancy is on and the innermost matched route's data flag
//   tenantBoxVisible is not false (default true); like ABP, the search for the innermost route goes
//   at most 10 levels deep (a deeper route's flag is never read: the 10th level's counts);
// - pages where the tenant is already fixed by the flow (a link from an e-mail, the second factor of
//   a sign-in in progress) hide the box, so the user cannot switch tenant in the middle of it.
export type AccountPageId =
  | 'login'
  | 'register'
  | 'forgotPassword'
  | 'resetPassword'
  | 'emailConfirmation'
  | 'sendSecurityCode'
  | 'recoveryCode'
  | 'linkLogged';

export interface AccountRouteNode {
  path: string;
  page?: AccountPageId;
  data?: { tenantBoxVisible?: boolean };
  children?: readonly AccountRouteNode[];
}

export const accountRouteTree: AccountRouteNode = {
  path: 'account',
  children: [
    { path: 'login', page: 'login' },
    { path: 'register', page: 'register' },
    { path: 'forgot-password', page: 'forgotPassword' },
    { path: 'reset-password', page: 'resetPassword', data: { tenantBoxVisible: false } },
    { path: 'email-confirmation', page: 'emailConfirmation', data: { tenantBoxVisible: false } },
    { path: 'send-security-code', page: 'sendSecurityCode', data: { tenantBoxVisible: false } },
    { path: 'login-with-recovery-code', page: 'recoveryCode', data: { tenantBoxVisible: false } },
    { path: 'link-logged', page: 'linkLogged', data: { tenantBoxVisible: false } },
  ],
};

/** The matched routes from the tree's root to the innermost one; empty when the path is not in the tree. */
export function matchAccountRoutes(pathname: string, tree: AccountRouteNode = accountRouteTree): AccountRouteNode[] {
  const segments = pathname.toLowerCase().split('/').filter(Boolean);
  const chain: AccountRouteNode[] = [];
  let node: AccountRouteNode | undefined = tree;
  let index = 0;
  if (segments[index] !== tree.path) return [];
  chain.push(tree);
  index += 1;
  while (index < segments.length) {
    node = node?.children?.find((child) => child.path === segments[index]);
    if (!node) return [];
    chain.push(node);
    index += 1;
  }
  return chain;
}

export function accountPageOf(pathname: string, tree: AccountRouteNode = accountRouteTree): AccountPageId | null {
  return matchAccountRoutes(pathname, tree).at(-1)?.page ?? null;
}

/** The innermost route of a matched chain, looking at most `depthLimit` levels below the root. */
export function innermostRoute(chain: readonly AccountRouteNode[], depthLimit = 10): AccountRouteNode | null {
  if (chain.length === 0) return null;
  return chain[Math.min(chain.length - 1, depthLimit)] ?? null;
}

export function isTenantBoxVisible(multiTenancyEnabled: boolean, chain: readonly AccountRouteNode[], depthLimit = 10): boolean {
  return multiTenancyEnabled && innermostRoute(chain, depthLimit)?.data?.tenantBoxVisible !== false;
}
