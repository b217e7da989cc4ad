// The resource name of an area's texts, from the path of the module that defines them (both the
// build, which tags each area with it, and the server, which serves the area under it, call this):
// src/screens/identity/users/users-texts.ts -> Finance.Identity.Users,
// src/screens/dashboard/audit-widgets/widget-texts.ts -> Finance.Dashboard.AuditWidgets.Widget,
// src/i18n/texts-<culture>.ts (the shell) -> Finance.Shell. Every product resource starts with
// 'Finance.'; the server's own resource is 'Finance' and ABP's keep their names.
export const shellResourceName = 'Finance.Shell';

const pascal = (segment: string) =>
  segment
    .split(/[-_.]/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');

/** `relativePath` is from the repository root, with '/' separators. */
export function areaResourceName(relativePath: string): string {
  const path = relativePath.replace(/\\/g, '/').replace(/^\.?\//, '');
  if (/^src\/i18n\/texts(-[a-z]+)?\.ts$/.test(path)) return shellResourceName;
  const segments = path
    .replace(/^src\//, '')
    .replace(/\.tsx?$/, '')
    .split('/');
  if (segments[0] === 'screens' || segments[0] === 'views') segments.shift();
  const file = segments.pop()!.replace(/-texts$/, '');
  if (file !== segments.at(-1)) segments.push(file);
  return `Finance.${segments.map(pascal).join('.')}`;
}
