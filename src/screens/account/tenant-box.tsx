// The tenant box of the account pages (spec 2.4, 4.4, 8): 'Tenant' with the current tenant or 'Not
// selected', and 'Switch', which opens the 'Switch Tenant' modal bound to the tenantSwitch machine.
// The session tenant is ABP's `__tenant` cookie (path /); a change reloads the configuration.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import {
  type FoundTenant,
  type SessionTenant,
  selectTenantSwitch,
  tenantSwitchMachine,
} from '../../../machines/account/tenant-switch.machine.ts';
import { findTenantByName } from '../../api/account.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { shallowEqual } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { Button, formActionsClass, Modal, showToast, stackClass, TextField } from '../../ui/index.ts';
import type { AccountTranslate } from './account-texts.ts';

function setTenantCookie(tenant: SessionTenant | null): void {
  // biome-ignore lint/suspicious/noDocumentCookie: ABP's __tenant cookie, set synchronously before the configuration reload that must carry it; the Cookie Store API is not in every supported browser.
  document.cookie = tenant
    ? `__tenant=${encodeURIComponent(tenant.id)}; path=/; SameSite=Lax`
    : '__tenant=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax';
}

export function TenantBox({ t, tenantName }: { t: AccountTranslate; tenantName: string | null }) {
  const system = useSystem();
  const logic = useMemo(
    () =>
      tenantSwitchMachine.provide({
        actors: {
          findTenant: fromPromise<FoundTenant, { name: string }>(({ input }) => findTenantByName(system.http, input.name)),
          applyTenant: fromPromise<void, { tenant: SessionTenant | null }>(async ({ input }) => setTenantCookie(input.tenant)),
        },
      }),
    [system],
  );
  const actor = useActorRef(logic, inspectOptions());
  const view = useSelector(actor, selectTenantSwitch, shallowEqual);
  useEffect(() => {
    const subscriptions = [
      actor.on('tenant.changed', () => system.auth.send({ type: 'auth.reloadConfiguration' })),
      actor.on('tenant.unavailable', (event) =>
        showToast({ kind: 'error', title: t('errorTitle'), description: t('tenantUnavailable', event.name) }),
      ),
      actor.on('tenant.lookupFailed', (event) =>
        showToast({ kind: 'error', title: t('errorTitle'), description: t('tenantLookupFailed', event.name) }),
      ),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [actor, system, t]);

  return (
    <section className="account-tenant" aria-label={t('tenant')}>
      <div>
        <span className="account-tenant-label">{t('tenant')}</span>
        <strong>{tenantName ?? t('notSelected')}</strong>
      </div>
      <Button variant="ghost" onPress={() => actor.send({ type: 'tenant.open', currentName: tenantName })}>
        {t('switch')}
      </Button>
      <Modal
        isOpen={view.isOpen}
        onOpenChange={(open) => {
          if (!open) actor.send({ type: 'tenant.cancel' });
        }}
        title={t('switchTenant')}
        size="sm"
        isDismissable
        isBusy={view.isBusy}
        footer={
          <div className={formActionsClass}>
            <Button variant="secondary" isDisabled={view.isBusy} onPress={() => actor.send({ type: 'tenant.cancel' })}>
              {t('cancel')}
            </Button>
            <Button type="submit" form="switch-tenant-form" isDisabled={!view.canSave}>
              {t('save')}
            </Button>
          </div>
        }
      >
        <form
          id="switch-tenant-form"
          className={stackClass}
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'tenant.save' });
          }}
        >
          <TextField
            label={t('name')}
            value={view.name}
            autoFocus
            isDisabled={view.isBusy}
            onChange={(name) => actor.send({ type: 'tenant.nameChanged', name })}
            description={t('switchTenantHint')}
          />
        </form>
      </Modal>
    </section>
  );
}
