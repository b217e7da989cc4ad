// What the signed-in caller may see, read from the application configuration (grantedPolicies,
// features.values). Rules: pure functions, shared by the route guards and the menu filter so the two
// never disagree; a policy is either one name or "any of" several (ABP's `||` policies); a feature
// requirement is either "present and 'true'" or "enabled unless its value is 'false'" (AuditLogging.Enable).
export type PolicyRequirement = string | { anyOf: readonly string[] } | { allOf: readonly string[] };

export interface FeatureRequirement {
  name: string;
  /** 'enabled': the value must be 'true'; 'notFalse': anything but 'false' (a missing value counts as enabled). */
  rule: 'enabled' | 'notFalse';
}

export interface Access {
  isAuthenticated: boolean;
  grantedPolicies: Readonly<Record<string, boolean>>;
  features: Readonly<Record<string, string | null>>;
}

export const anonymousAccess: Access = { isAuthenticated: false, grantedPolicies: {}, features: {} };

export function isGranted(access: Access, policy: PolicyRequirement | undefined): boolean {
  if (policy === undefined) return true;
  if (typeof policy === 'string') return access.grantedPolicies[policy] === true;
  if ('allOf' in policy) return policy.allOf.every((name) => access.grantedPolicies[name] === true);
  return policy.anyOf.some((name) => access.grantedPolicies[name] === true);
}

export function isFeatureOn(access: Access, feature: FeatureRequirement | undefined): boolean {
  if (feature === undefined) return true;
  const value = access.features[feature.name];
  if (feature.rule === 'notFalse') return (value ?? '').toLowerCase() !== 'false';
  return (value ?? '').toLowerCase() === 'true';
}
