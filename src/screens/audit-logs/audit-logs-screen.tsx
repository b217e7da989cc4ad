// The audit logging page (spec 2.6, issue 5): title 'Menu:AuditLogging', tabs 'Audit Logs' (default)
// and 'Entity Changes'. Rules:
// - Each tab's list is a pagedList actor owned here, so switching tabs keeps both lists as they
//   were; the Entity Changes list loads the first time its tab is shown.
// - The active tab, its applied filters, sorting and page live in the URL (list-url.ts): read once
//   when the page opens (a shared or reloaded address restores the view), rewritten (replace) on
//   each request the list announces with `url.sync` and on a tab switch.
// - The real effects (HTTP reads of src/api/audit-logging.ts with the request's AbortSignal) are
//   provided here; the components only render the actors' state.
// - Back from the login page, the Audit Logs list's first request has started beside the
//   configuration (`firstRequest`, src/app/route-data.ts): its first page takes that answer when it
//   is exactly the same request, and asks the server otherwise.
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useSearch } from 'wouter';
import { navigate } from 'wouter/use-browser-location';
import { type ActorRefFrom, fromPromise, getInitialSnapshot } from 'xstate';
import { recordModalMachine } from '../../../machines/audit-logging/record-modal.machine.ts';
import {
  type FetchPageInput,
  fetchPageInput,
  type PagedListMachine,
  type PageResult,
  pagedListMachine,
} from '../../../machines/generic/paged-list.machine.ts';
import {
  auditLogsPath,
  type EntityChangeWithUsernameDto,
  getAuditLog,
  getAuditLogs,
  getEntityChanges,
  getEntityChangesWithUsername,
  getEntityChangeWithUsername,
} from '../../api/audit-logging.ts';
import { inspectOptions } from '../../app/inspection.ts';
import { type FirstRequest, preloadedOr } from '../../app/route-data.ts';
import { selectCulture } from '../../app/shell-view.ts';
import { useSystem } from '../../app/system-context.ts';
import { useAreaTexts } from '../../app/use-area-texts.ts';
import { useSessionHttp } from '../../app/use-session-http.ts';
import { stackClass, Tab, TabList, TabPanel, Tabs } from '../../ui/index.ts';
import { AuditLogDetailModal } from './audit-log-detail.tsx';
import { AuditLogsTab } from './audit-logs-tab.tsx';
import { auditLogsTexts } from './audit-logs-texts.ts';
import { useDateFormats } from './audit-parts.tsx';
import { type EntityChangeRequest, EntityChangeModal, EntityChangesTab } from './entity-changes-tab.tsx';
import {
  type AuditTab,
  auditLogFields,
  auditLogSortFields,
  entityChangeFields,
  entityChangeSortFields,
  readListState,
  tabOf,
  toApiQuery,
  writeListState,
} from './list-url.ts';

const path = '/audit-logs';

/** The Audit Logs list's first request for an address: the list machine's own first page of it. */
export const firstRequest: FirstRequest = (search) => {
  if (tabOf(search) !== 'audit-logs') return null;
  const first = getInitialSnapshot(pagedListMachine, readListState(search, auditLogFields, auditLogSortFields));
  return { path: auditLogsPath, query: toApiQuery(fetchPageInput(first.context)) };
};

function urlStateOf(list: ActorRefFrom<PagedListMachine>) {
  const { appliedFilters, sorting, page } = list.getSnapshot().context;
  return { filters: appliedFilters, sorting, page };
}

export default function AuditLogsScreen() {
  const t = useAreaTexts(auditLogsTexts);
  const system = useSystem();
  const { auth } = system;
  const culture = useSelector(auth, selectCulture);
  const dates = useDateFormats(culture);
  const http = useSessionHttp();
  const search = useSearch();
  const tab = tabOf(search);
  const tabRef = useRef<AuditTab>(tab);
  tabRef.current = tab;

  // The address the page was opened with, read once (later URL writes come from the lists).
  const [initial] = useState(() => ({
    tab,
    auditLogs: tab === 'audit-logs' ? readListState(search, auditLogFields, auditLogSortFields) : null,
    entityChanges: tab === 'entity-changes' ? readListState(search, entityChangeFields, entityChangeSortFields) : null,
  }));

  const auditLogs = useActorRef(
    pagedListMachine.provide({
      actors: {
        fetchPage: fromPromise<PageResult, FetchPageInput>(({ input, signal }) => {
          const query = toApiQuery(input);
          return preloadedOr(system, { path: auditLogsPath, query }, () => getAuditLogs(http, query, signal));
        }),
      },
    }),
    { input: { ...initial.auditLogs }, ...inspectOptions() },
  );
  const entityChanges = useActorRef(
    pagedListMachine.provide({
      actors: {
        fetchPage: fromPromise<PageResult, FetchPageInput>(({ input, signal }) => getEntityChanges(http, toApiQuery(input), signal)),
      },
    }),
    { input: { ...initial.entityChanges, autoLoad: initial.tab === 'entity-changes' }, ...inspectOptions() },
  );
  const auditLogDetail = useActorRef(
    recordModalMachine.provide({
      actors: { loadRecord: fromPromise<unknown, unknown>(({ input, signal }) => getAuditLog(http, input as string, signal)) },
    }),
    inspectOptions(),
  );
  const entityChangeModal = useActorRef(
    recordModalMachine.provide({
      actors: {
        loadRecord: fromPromise<unknown, unknown>(async ({ input, signal }): Promise<EntityChangeWithUsernameDto[]> => {
          const request = input as EntityChangeRequest;
          if (request.kind === 'change') return [await getEntityChangeWithUsername(http, request.id, signal)];
          return getEntityChangesWithUsername(http, request, signal);
        }),
      },
    }),
    inspectOptions(),
  );

  useEffect(() => {
    const follow = (list: ActorRefFrom<PagedListMachine>, listTab: AuditTab) =>
      list.on('url.sync', (event) => {
        if (tabRef.current !== listTab) return;
        navigate(`${path}${writeListState(listTab, event)}`, { replace: true });
      });
    const subscriptions = [follow(auditLogs, 'audit-logs'), follow(entityChanges, 'entity-changes')];
    // The first request was announced before this subscription: write its view once, so an address
    // with parameters that did not parse shows the view actually on screen.
    const active = tabRef.current;
    const current = `${path}${writeListState(active, urlStateOf(active === 'audit-logs' ? auditLogs : entityChanges))}`;
    if (`${window.location.pathname}${window.location.search}` !== current) navigate(current, { replace: true });
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [auditLogs, entityChanges]);

  const selectTab = (next: AuditTab) => {
    if (next === tabRef.current) return;
    const list = next === 'audit-logs' ? auditLogs : entityChanges;
    tabRef.current = next;
    navigate(`${path}${writeListState(next, urlStateOf(list))}`, { replace: true });
    if (list.getSnapshot().matches('idle')) list.send({ type: 'refresh' });
  };

  // react-aria's locale (RTL arrow keys) comes from the app's ScreenProviders around every screen.
  return (
    <div className={stackClass}>
      <h1>{t('Menu:AuditLogging')}</h1>
      <Tabs selectedKey={tab} onSelectionChange={(key) => selectTab(key === 'entity-changes' ? 'entity-changes' : 'audit-logs')}>
        <TabList aria-label={t('tabs')}>
          <Tab id="audit-logs">{t('auditLogsTab')}</Tab>
          <Tab id="entity-changes">{t('entityChangesTab')}</Tab>
        </TabList>
        <TabPanel id="audit-logs">
          <div className={stackClass}>
            <AuditLogsTab list={auditLogs} detail={auditLogDetail} t={t} dates={dates} />
          </div>
        </TabPanel>
        <TabPanel id="entity-changes">
          <div className={stackClass}>
            <EntityChangesTab list={entityChanges} modal={entityChangeModal} t={t} dates={dates} />
          </div>
        </TabPanel>
      </Tabs>
      <AuditLogDetailModal modal={auditLogDetail} t={t} culture={culture} dates={dates} />
      <EntityChangeModal modal={entityChangeModal} t={t} culture={culture} dates={dates} />
    </div>
  );
}
