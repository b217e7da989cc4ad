// Badge colours chosen from data (spec 9, audit logging). Pure functions so screens and tests share
// them: status code by first digit (2 success, 3 warning, 4/5 danger, else light) and HTTP method
// (GET info, POST success, DELETE danger, PUT warning, else light).

export const badgeVariants = ['success', 'warning', 'danger', 'info', 'light'] as const;
export type BadgeVariant = (typeof badgeVariants)[number];

export function statusCodeBadgeVariant(statusCode: number | null | undefined): BadgeVariant {
  if (statusCode == null || !Number.isFinite(statusCode)) return 'light';
  const firstDigit = Math.floor(Math.abs(statusCode) / 100);
  if (firstDigit === 2) return 'success';
  if (firstDigit === 3) return 'warning';
  if (firstDigit === 4 || firstDigit === 5) return 'danger';
  return 'light';
}

const methodVariants: Record<string, BadgeVariant> = { GET: 'info', POST: 'success', DELETE: 'danger', PUT: 'warning' };

export function httpMethodBadgeVariant(method: string | null | undefined): BadgeVariant {
  return methodVariants[(method ?? '').toUpperCase()] ?? 'light';
}
