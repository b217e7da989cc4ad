// Reference of the permission modal, written from spec 6 / 7 (permission management: GET the tree
// of a provider, PUT the changes) and issue 9 ("grouped as the server defines it, select all / per
// group, permissions granted through a role or organization unit shown as granted and not editable
// for a user, with who grants them"), with ABP's Angular modal's behaviour: granting a child grants
// its parent, revoking a parent revokes its children (applied down and up the whole tree here),
// select all leaves permissions granted by another provider alone, a save without changes just
// closes. Plain code: it does not import the machine.
import type { ReferenceEvent, ReferenceRun } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';
import { envelopeMessage } from './abp-error.ts';

interface Perm {
  name: string;
  displayName: string;
  parentName: string | null;
  isGranted: boolean;
  grantedProviders: Array<{ providerName: string; providerKey: string }>;
}
interface Tree {
  entityDisplayName: string;
  groups: Array<{ name: string; displayName: string; permissions: Perm[] }>;
}
type Phase = 'loading' | 'loadFailed' | 'editing' | 'saving' | 'saved' | 'closed';
type Tri = 'all' | 'some' | 'none';

export interface PermissionModalExpectedView {
  phase: Phase;
  entityDisplayName: string;
  groups: Array<{ name: string; displayName: string; grantedCount: number; total: number }>;
  selectedGroup: string | null;
  permissions: Array<{
    name: string;
    displayName: string;
    depth: number;
    isGranted: boolean;
    isLocked: boolean;
    grantedBy: Array<{ providerName: string; providerKey: string }>;
  }>;
  groupState: Tri;
  allState: Tri;
  error: string | null;
}

const tri = (flags: boolean[]): Tri => (flags.every((f) => !f) ? 'none' : flags.every(Boolean) ? 'all' : 'some');

export function permissionModalReference(rawInput: unknown): ReferenceRun<PermissionModalExpectedView> {
  const { providerName, providerKey } = rawInput as { providerName: string; providerKey: string };
  const recorder = new Recorder();
  let phase: Phase = 'loading';
  let tree: Tree | null = null;
  let granted = new Map<string, boolean>();
  let group: string | null = null;
  let error: string | null = null;
  recorder.call('loadPermissions', { providerName, providerKey });

  const all = () => (tree ? tree.groups.flatMap((g) => g.permissions) : []);
  const byName = (name: string) => all().find((p) => p.name === name);
  const others = (p: Perm) => p.grantedProviders.filter((g) => g.providerName !== providerName);
  const locked = (p: Perm) => others(p).length > 0;
  const set = (name: string, value: boolean) => {
    const p = byName(name);
    if (p && !locked(p)) granted.set(name, value);
  };
  const grantUp = (name: string) => {
    set(name, true);
    const parent = byName(name)?.parentName;
    if (parent) grantUp(parent);
  };
  const revokeDown = (name: string) => {
    set(name, false);
    for (const child of all().filter((p) => p.parentName === name)) revokeDown(child.name);
  };
  const toggleAll = (perms: Perm[]) => {
    const editable = perms.filter((p) => !locked(p));
    const value = !editable.every((p) => granted.get(p.name));
    for (const p of editable) granted.set(p.name, value);
  };
  const changes = () =>
    all()
      .filter((p) => !locked(p) && (granted.get(p.name) ?? false) !== p.isGranted)
      .map((p) => ({ name: p.name, isGranted: granted.get(p.name) ?? false }));
  const depth = (p: Perm): number => (p.parentName && byName(p.parentName) ? 1 + depth(byName(p.parentName)!) : 0);
  const shown = () => tree?.groups.find((g) => g.name === group)?.permissions ?? [];
  const close = () => {
    phase = 'closed';
    recorder.emit({ type: 'permissions.closed' });
  };

  return {
    take: () => recorder.take(),
    view: () => ({
      phase,
      entityDisplayName: tree?.entityDisplayName ?? '',
      groups: (tree?.groups ?? []).map((g) => ({
        name: g.name,
        displayName: g.displayName,
        grantedCount: g.permissions.filter((p) => granted.get(p.name)).length,
        total: g.permissions.length,
      })),
      selectedGroup: group,
      permissions: shown().map((p) => ({
        name: p.name,
        displayName: p.displayName,
        depth: depth(p),
        isGranted: granted.get(p.name) === true,
        isLocked: locked(p),
        grantedBy: others(p),
      })),
      groupState: tri(shown().map((p) => granted.get(p.name) === true)),
      allState: tri(all().map((p) => granted.get(p.name) === true)),
      error,
    }),
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & Record<string, unknown>;
      if (e.type === 'permissions.close' && phase !== 'saving' && phase !== 'saved' && phase !== 'closed') {
        close();
        return;
      }
      if (phase === 'loading' && e.type === 'done') {
        tree = e.output as Tree;
        granted = new Map(all().map((p) => [p.name, p.isGranted || locked(p)]));
        group = tree.groups[0]?.name ?? null;
        error = null;
        phase = 'editing';
      } else if (phase === 'loading' && e.type === 'error') {
        phase = 'loadFailed';
        error = envelopeMessage(e.error);
      } else if (phase === 'loadFailed' && e.type === 'permissions.retry') {
        phase = 'loading';
        recorder.call('loadPermissions', { providerName, providerKey });
      } else if (phase === 'editing') {
        if (e.type === 'group.select') group = e.group as string;
        else if (e.type === 'permission.toggle') {
          const p = byName(e.name as string);
          if (!p || locked(p)) return;
          if (granted.get(p.name)) revokeDown(p.name);
          else grantUp(p.name);
          error = null;
        } else if (e.type === 'group.toggleAll') toggleAll(shown());
        else if (e.type === 'permissions.toggleAll') toggleAll(all());
        else if (e.type === 'permissions.save') {
          const changed = changes();
          if (changed.length === 0) close();
          else {
            phase = 'saving';
            recorder.call('savePermissions', { providerName, providerKey, permissions: changed });
          }
        }
      } else if (phase === 'saving' && e.type === 'done') {
        phase = 'saved';
        recorder.emit({ type: 'permissions.saved' });
      } else if (phase === 'saving' && e.type === 'error') {
        phase = 'editing';
        error = envelopeMessage(e.error) ?? '';
      }
    },
  };
}
