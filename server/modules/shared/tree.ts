// The rules every tenant-owned tree (kernel services, inventory categories, organization units on
// the client) follows on the server: a node never moves under itself or one of its descendants.
export interface TreeRow {
  id: string;
  parentId: string | null;
}

/** `candidate` is `id` itself or lies under it (walking up the parents; a cycle stops the walk). */
export function isInSubtree(rows: readonly TreeRow[], id: string, candidate: string | null): boolean {
  const parents = new Map(rows.map((row) => [row.id, row.parentId]));
  const seen = new Set<string>();
  for (let at = candidate; at !== null && !seen.has(at); at = parents.get(at) ?? null) {
    if (at === id) return true;
    seen.add(at);
  }
  return false;
}

/** Parents before children, siblings in the given order: the order a tree's flat list is answered in. */
export function treeOrder<T extends TreeRow>(rows: readonly T[]): T[] {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<string | null, T[]>();
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const out: T[] = [];
  const walk = (parent: string | null) => {
    for (const row of byParent.get(parent) ?? []) {
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}
