// Reference of the 'Switch Tenant' modal, written from spec 2.4 (the tenant box: 'Switch' opens the
// modal with a Name field, Cancel and Save), spec 4.4 (an empty name clears the tenant; otherwise a
// lookup by name while the modal shows busy; an active result becomes the session tenant with
// isAvailable true, closes the modal and refreshes the application state; not found or inactive
// keeps the modal open with an error), spec 3 (the session tenant: id, name, isAvailable) and spec 8
// ('Given tenant is not available' with the entered name). Save does nothing while the name equals
// the current tenant's (nothing would change); names are compared and sent trimmed. Plain code: it
// does not import the machine.
import type { ReferenceEvent, ReferenceRun, RuleBook } from '../reference-driver.ts';
import { Recorder } from '../reference-driver.ts';

export interface TenantSwitchExpectedView {
  isOpen: boolean;
  isBusy: boolean;
  name: string;
  canSave: boolean;
}

type Phase = 'closed' | 'open' | 'lookingUp' | 'applying';
type Tenant = { id: string; name: string; isAvailable: true } | null;

export const tenantSwitchRules: RuleBook = {
  source: 'spec 2.4 (tenant box), 3 (session tenant), 4.4 (tenant switch), 8 (tenant not available)',
  rules: {
    open: { state: 'closed', text: "'Switch' opens the modal with the current tenant's name (empty for the host)." },
    type: { state: 'open', text: 'Typing changes the name shown.' },
    cancel: { state: 'open', text: 'Cancel closes the modal; nothing is looked up or changed.' },
    saveUnchanged: {
      state: 'open',
      text: "Save does nothing while the trimmed name equals the current tenant's (Save is disabled).",
    },
    saveEmpty: { state: 'open', text: 'Save with an empty name clears the tenant (host side) without a lookup; busy.' },
    saveName: { state: 'open', text: 'Save with a name looks the tenant up by its trimmed name; the modal shows busy.' },
    found: {
      state: 'lookingUp',
      text: "An active tenant found becomes the session tenant (the server's id and name, isAvailable true); still busy while it is applied.",
    },
    notAvailable: {
      state: 'lookingUp',
      text: "Not found or inactive: 'Given tenant is not available' with the entered name; the modal stays open, the name kept.",
    },
    lookupFailed: { state: 'lookingUp', text: 'A failed lookup says so with the entered name; the modal stays open, not busy.' },
    applied: {
      state: 'applying',
      text: 'Once applied, the modal closes and the application state is refreshed for the new tenant (tenant.changed).',
    },
    applyFailed: { state: 'applying', text: 'A failed apply says so with the entered name; the modal stays open, not busy.' },
  },
};

export function tenantSwitchReference(): ReferenceRun<TenantSwitchExpectedView> {
  const recorder = new Recorder();
  let phase: Phase = 'closed';
  let current = '';
  let name = '';
  let tenant: Tenant = null;
  const entered = () => name.trim();
  const stayOpen = (rule: string, type: string) => {
    recorder.rule(rule);
    recorder.emit({ type, name: entered() });
    phase = 'open';
  };
  return {
    take: () => recorder.take(),
    applied: () => recorder.applied(),
    view: () => {
      const isBusy = phase === 'lookingUp' || phase === 'applying';
      return { isOpen: phase !== 'closed', isBusy, name, canSave: !isBusy && entered() !== current };
    },
    send(event: ReferenceEvent) {
      const e = event as ReferenceEvent & { actor?: string; output?: unknown; currentName?: string | null; name?: string };
      if (phase === 'closed' && e.type === 'tenant.open') {
        recorder.rule('open');
        current = e.currentName ?? '';
        name = current;
        tenant = null;
        phase = 'open';
      } else if (phase === 'open' && e.type === 'tenant.nameChanged') {
        recorder.rule('type');
        name = e.name ?? '';
      } else if (phase === 'open' && e.type === 'tenant.cancel') {
        recorder.rule('cancel');
        phase = 'closed';
      } else if (phase === 'open' && e.type === 'tenant.save') {
        if (entered() === current) recorder.rule('saveUnchanged');
        else if (entered() === '') {
          recorder.rule('saveEmpty');
          tenant = null;
          phase = 'applying';
          recorder.call('applyTenant', { tenant: null });
        } else {
          recorder.rule('saveName');
          phase = 'lookingUp';
          recorder.call('findTenant', { name: entered() });
        }
      } else if (phase === 'lookingUp' && e.type === 'done' && e.actor === 'findTenant') {
        const found = e.output as { success: boolean; tenantId: string | null; name: string | null; isActive: boolean };
        if (found.success && found.isActive && found.tenantId !== null) {
          recorder.rule('found');
          tenant = { id: found.tenantId, name: found.name ?? entered(), isAvailable: true };
          phase = 'applying';
          recorder.call('applyTenant', { tenant });
        } else stayOpen('notAvailable', 'tenant.unavailable');
      } else if (phase === 'lookingUp' && e.type === 'error' && e.actor === 'findTenant') stayOpen('lookupFailed', 'tenant.lookupFailed');
      else if (phase === 'applying' && e.type === 'done' && e.actor === 'applyTenant') {
        recorder.rule('applied');
        recorder.emit({ type: 'tenant.changed', tenant });
        phase = 'closed';
      } else if (phase === 'applying' && e.type === 'error' && e.actor === 'applyTenant') stayOpen('applyFailed', 'tenant.lookupFailed');
    },
  };
}
