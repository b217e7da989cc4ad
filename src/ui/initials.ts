// Avatar initials: first letters of the first and last word of a name (user names like
// "john.smith" split on dots too), upper-cased, whole code points so non-Latin names work.

export function initials(name: string): string {
  const trimmed = name.trim();
  const words = trimmed.split(/[\s._@-]+/).filter(Boolean);
  const picked = words.length > 1 ? [words[0], words[words.length - 1]] : [trimmed];
  return picked
    .map((w) => Array.from(w ?? '')[0] ?? '')
    .join('')
    .toUpperCase();
}
