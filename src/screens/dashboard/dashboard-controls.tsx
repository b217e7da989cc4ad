// The dashboard's widgets from the design system (issue 18): loaded after the dashboard's first
// paint, so the signed-in first screen does not wait for react-aria-components (the 'ui' chunk,
// about 82 KB brotli) that only the period fields and the empty state need. Render-only: the
// dashboard screen passes the machine's view and sends its events.
import type { DateRange } from '../../api/audit-statistics.ts';
import { EmptyState, TextField } from '../../ui/index.ts';
import * as styles from './dashboard.css.ts';

export interface PeriodPickerProps {
  period: DateRange;
  texts: { period: string; startDate: string; endDate: string };
  onChange: (period: Partial<DateRange>) => void;
}

export function PeriodPicker({ period, texts, onChange }: PeriodPickerProps) {
  return (
    <fieldset className={styles.period}>
      <legend className="visually-hidden">{texts.period}</legend>
      <TextField label={texts.startDate} type="date" value={period.startDate} onChange={(value) => onChange({ startDate: value })} />
      <TextField label={texts.endDate} type="date" value={period.endDate} onChange={(value) => onChange({ endDate: value })} />
    </fieldset>
  );
}

export function NoWidgets({ title, description }: { title: string; description: string }) {
  return <EmptyState title={title} description={description} />;
}
