// Pieces the two audit tabs and their modals share: the datetime-local filter field, the date
// formats of the culture, the export button, and one entity change (header with its time and
// age, then its property table). Rules: a changed value of an Updated change is red and says
// 'changed' to screen readers (colour is never the only cue); the full date is in a tooltip and, for
// screen readers, in the trigger's name after the visible short date; everything else only renders what it is given.
import { useSelector } from '@xstate/react';
import { type ReactNode, useId, useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { type RecordModalMachine, selectRecordModal } from '../../../machines/audit-logging/record-modal.machine.ts';
import type { EntityChangeDto } from '../../api/audit-logging.ts';
import {
  Badge,
  Button,
  EmptyValue,
  ErrorState,
  LoadingState,
  LtrText,
  Modal,
  type ModalProps,
  type ModalSize,
  Tooltip,
} from '../../ui/index.ts';
import { changeTypeName, changeTypeVariant, isChangedValue } from './audit-log-view.ts';
import { AuditExportButton } from './export/audit-export-button.tsx';
import * as styles from './audit-logs.css.ts';
import type { AuditLogsText } from './audit-logs-texts.ts';
import { dateTimeFormatter } from '../../views/kit/date-format.ts';
import { isoToLocalInput, localInputToIso } from './list-url.ts';
import { ageOf, formatAge } from './relative-time.ts';

export type Translate = (key: AuditLogsText, ...args: Array<string | number>) => string;

export interface DateFormats {
  full(value: string | null | undefined): string;
  /** The day with its four-digit year, and the time: DayAndTime's two halves. */
  day(value: string | null | undefined): string;
  time(value: string | null | undefined): string;
}

export function useDateFormats(culture: string): DateFormats {
  return useMemo(
    () => ({
      full: dateTimeFormatter(culture, { dateStyle: 'full', timeStyle: 'long' }),
      day: dateTimeFormatter(culture, { year: 'numeric', month: '2-digit', day: '2-digit' }),
      time: dateTimeFormatter(culture, { timeStyle: 'medium' }),
    }),
    [culture],
  );
}

/** A date and time: the day (four-digit year) then the time, each kept whole, so a narrow column puts them on two lines, never three. */
export function DayAndTime({ value, dates }: { value: string; dates: DateFormats }) {
  return (
    <time dateTime={value}>
      <span className={styles.nowrap}>{dates.day(value)}</span> <span className={styles.nowrap}>{dates.time(value)}</span>
    </time>
  );
}

/** A date-time filter: a native datetime-local input showing local time, its value an ISO instant. */
export function DateTimeField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | number | boolean | null | undefined;
  onChange: (iso: string | null) => void;
}) {
  const id = useId();
  return (
    <div className={styles.nativeField}>
      <label htmlFor={id} className={styles.nativeLabel}>
        {label}
      </label>
      <input
        id={id}
        type="datetime-local"
        className={styles.nativeInput}
        value={isoToLocalInput(typeof value === 'string' ? value : null)}
        onChange={(event) => onChange(localInputToIso(event.currentTarget.value))}
      />
    </div>
  );
}

export type ExportButtonProps = {
  kind: 'auditLogs' | 'entityChanges';
  filters: Record<string, string | number | boolean | null | undefined>;
};

/** 'Export to Excel' with the list's applied filters (the button and its machine: ./export/). */
export function ExportSlot(props: ExportButtonProps) {
  return <AuditExportButton {...props} />;
}

/** Both tabs' filter forms: fields in a wrapping grid, Refresh and Export on a row of their own. */
export const filterLayout = { gridClassName: styles.filterGrid, actionsClassName: styles.filterActions };

export function ChangeTypeBadge({ changeType, t }: { changeType: number; t: Translate }) {
  const name = changeTypeName(changeType);
  return <Badge variant={changeTypeVariant(changeType)}>{name ? t(name) : String(changeType)}</Badge>;
}

/** One entity change: header (type, entity, time with its age and user), then the property table. */
export function EntityChangeView({
  change,
  userName,
  t,
  culture,
  dates,
  now,
  headingLevel,
}: {
  change: EntityChangeDto;
  userName: string | null;
  t: Translate;
  culture: string;
  dates: DateFormats;
  now: Date;
  headingLevel: 3 | 4;
}) {
  const Heading = `h${headingLevel}` as const;
  const age = formatAge(ageOf(change.changeTime, now), culture);
  const full = dates.full(change.changeTime);
  const entity = change.entityId ? `${change.entityTypeFullName} (${change.entityId})` : change.entityTypeFullName;
  return (
    <section
      className={styles.change}
      aria-label={`${changeTypeName(change.changeType) ? t(changeTypeName(change.changeType)!) : ''} ${entity}`}
    >
      <Heading className={styles.changeHeader}>
        <ChangeTypeBadge changeType={change.changeType} t={t} />
        <LtrText>{entity}</LtrText>
      </Heading>
      <p className={styles.changeHeader}>
        <Tooltip content={full}>
          <Button variant="ghost" size="sm" className={styles.timeButton}>
            <DayAndTime value={change.changeTime} dates={dates} />
            <span className="visually-hidden"> ({full})</span>
          </Button>
        </Tooltip>
        <span className={styles.changeMeta}>{userName ? t('DaysAgoWithUserTitle', age, userName) : t('DaysAgoTitle', age)}</span>
      </p>
      {change.propertyChanges.length === 0 ? (
        <p className={styles.muted}>{t('noData')}</p>
      ) : (
        <table className={styles.propertyTable} aria-label={t('propertyChanges', entity)}>
          <thead>
            <tr>
              <th scope="col" className={styles.propertyCell}>
                {t('propertyName')}
              </th>
              <th scope="col" className={styles.propertyCell}>
                {t('originalValue')}
              </th>
              <th scope="col" className={styles.propertyCell}>
                {t('newValue')}
              </th>
            </tr>
          </thead>
          <tbody>
            {change.propertyChanges.map((property) => {
              const changed = isChangedValue(change, property);
              return (
                <tr key={property.id}>
                  <th scope="row" className={styles.propertyCell}>
                    {property.propertyName}
                  </th>
                  <td className={styles.propertyCell}>{property.originalValue ?? <EmptyValue label={t('notSet')} />}</td>
                  <td className={`${styles.propertyCell} ${changed ? styles.changedValue : ''}`}>
                    {property.newValue ?? <EmptyValue label={t('notSet')} />}
                    {changed && <span className="visually-hidden"> {t('changed')}</span>}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** What each of the screen's modals gets: its recordModal actor and the formatting of the screen. */
export type RecordModalProps = { modal: ActorRefFrom<RecordModalMachine>; t: Translate; culture: string; dates: DateFormats };

/** A recordModal actor as a modal: loading, a failure with Try again, then the record; Close in the footer. */
export function RecordModal<TRecord, TRequest = unknown>({
  modal,
  t,
  title,
  size,
  height,
  children,
}: {
  modal: ActorRefFrom<RecordModalMachine>;
  t: Translate;
  title: (request: TRequest | null) => string;
  size: ModalSize;
  height?: ModalProps['height'];
  children: (record: TRecord) => ReactNode;
}) {
  const view = useSelector(modal, (snapshot) => selectRecordModal<TRecord, TRequest>(snapshot));
  const close = () => modal.send({ type: 'modal.close' });
  return (
    <Modal
      isOpen={view.isOpen}
      onOpenChange={(isOpen) => {
        if (!isOpen) close();
      }}
      title={title(view.request)}
      size={size}
      height={height}
      closeLabel={t('close')}
      footer={
        <Button variant="secondary" onPress={close}>
          {t('close')}
        </Button>
      }
    >
      {view.isLoading && <LoadingState label={t('loading')} />}
      {view.hasFailed && (
        <ErrorState title={t('detailFailed')} retryLabel={t('retry')} onRetry={() => modal.send({ type: 'modal.retry' })} />
      )}
      {view.record && children(view.record)}
    </Modal>
  );
}
