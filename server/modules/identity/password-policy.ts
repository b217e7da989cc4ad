// The password rules of ABP Identity, read per tenant from the settings (Abp.Identity.Password.*)
// and falling back to ABP's defaults (6 characters, 1 unique, non-alphanumeric, lower, upper, digit
// all required) while a setting is unset. Every broken rule is reported, as ASP.NET Identity does;
// letters and digits are ASCII only, so 'é' counts as non-alphanumeric there too.
import type { AppContext } from '../../context.ts';
import type { ValidationErrorItem } from '../../errors.ts';

export interface PasswordPolicy {
  requiredLength: number;
  requiredUniqueChars: number;
  requireNonAlphanumeric: boolean;
  requireLowercase: boolean;
  requireUppercase: boolean;
  requireDigit: boolean;
}

const prefix = 'Abp.Identity.Password.';
export const defaultPasswordPolicy: PasswordPolicy = {
  requiredLength: 6,
  requiredUniqueChars: 1,
  requireNonAlphanumeric: true,
  requireLowercase: true,
  requireUppercase: true,
  requireDigit: true,
};

export async function passwordPolicy(ctx: AppContext, tenantId: string | null): Promise<PasswordPolicy> {
  const read = (name: keyof PasswordPolicy) =>
    ctx.settings.getValue(`${prefix}${name[0]!.toUpperCase()}${name.slice(1)}`, { tenantId }).catch(() => null);
  const [length, unique, nonAlpha, lower, upper, digit] = await Promise.all([
    read('requiredLength'),
    read('requiredUniqueChars'),
    read('requireNonAlphanumeric'),
    read('requireLowercase'),
    read('requireUppercase'),
    read('requireDigit'),
  ]);
  const int = (value: string | null, fallback: number) => {
    const n = value == null ? Number.NaN : Number.parseInt(value, 10);
    return Number.isFinite(n) && n >= 0 ? n : fallback;
  };
  const bool = (value: string | null, fallback: boolean) => (value == null ? fallback : value.toLowerCase() === 'true');
  const d = defaultPasswordPolicy;
  return {
    requiredLength: int(length, d.requiredLength),
    requiredUniqueChars: int(unique, d.requiredUniqueChars),
    requireNonAlphanumeric: bool(nonAlpha, d.requireNonAlphanumeric),
    requireLowercase: bool(lower, d.requireLowercase),
    requireUppercase: bool(upper, d.requireUppercase),
    requireDigit: bool(digit, d.requireDigit),
  };
}

const key = (name: string) => `AbpIdentity::Volo.Abp.Identity:${name}`;

/** The broken rules as validation items on `member` (empty when the password is acceptable). */
export function checkPassword(password: string, policy: PasswordPolicy, member = 'password'): ValidationErrorItem[] {
  const errors: ValidationErrorItem[] = [];
  const add = (name: string, ...params: number[]) => errors.push({ message: { key: key(name), params }, members: [member] });
  if (password.length < policy.requiredLength) add('PasswordTooShort', policy.requiredLength);
  if (policy.requireNonAlphanumeric && !/[^a-zA-Z0-9]/.test(password)) add('PasswordRequiresNonAlphanumeric');
  if (policy.requireDigit && !/[0-9]/.test(password)) add('PasswordRequiresDigit');
  if (policy.requireLowercase && !/[a-z]/.test(password)) add('PasswordRequiresLower');
  if (policy.requireUppercase && !/[A-Z]/.test(password)) add('PasswordRequiresUpper');
  if (new Set(password).size < policy.requiredUniqueChars) add('PasswordRequiresUniqueChars', policy.requiredUniqueChars);
  return errors;
}
