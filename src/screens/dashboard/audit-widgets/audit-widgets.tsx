// The dashboard's audit-log widgets (spec 2.6, 9), in their own chunk with ApexCharts (loaded only
// for a caller who may see them). Render-only over the auditWidgets machine: a date range (the last
// 7 days by default), the 'Average execution duration in logs per day' bar chart and the 'Error
// rate in logs' pie, each 273x136. Each chart is decoration for sighted users (aria-hidden); its
// title is a heading and its values are a visually hidden table, the text alternative.
import { useActorRef, useSelector } from '@xstate/react';
import type { ApexOptions } from 'apexcharts';
import { type ComponentType, useId, useMemo } from 'react';
import ReactApexChart from 'react-apexcharts';
import { fromPromise } from 'xstate';
import { auditWidgetsMachine, selectAuditWidgets } from '../../../../machines/audit-logging/audit-widgets.machine.ts';
import { type DateRange, getAuditStatistics, lastSevenDays, type StatisticPoint } from '../../../api/audit-statistics.ts';
import { inspectOptions } from '../../../app/inspection.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { Card, clusterClass, ErrorState, LoadingState, TextField } from '../../../ui/index.ts';
import { useSessionHttp } from '../../../app/use-session-http.ts';
import { ensureApexStylesheet, preventLegendInlineStyle } from './apex-stylesheet.ts';
import * as styles from './audit-widgets.css.ts';
import { widgetTexts } from './widget-texts.ts';

ensureApexStylesheet(document);
preventLegendInlineStyle(document);

// react-apexcharts 1.7.0 is CommonJS with `exports.default` (and __esModule); depending on the
// bundler's interop the default import is the component or the module object holding it. Its
// typings declare an ambient module that nodenext resolution does not see as a component, so the
// props used here are stated.
type ChartProps = { type: 'bar' | 'pie'; width: number; height: number; options: ApexOptions; series: ApexOptions['series'] };
const chartModule = ReactApexChart as unknown as ComponentType<ChartProps> | { default: ComponentType<ChartProps> };
const Chart: ComponentType<ChartProps> = 'default' in chartModule ? chartModule.default : chartModule;

const width = 273;
const height = 136;
const barColour = '#1f6feb';
const successColour = '#1a7f37';
const errorColour = '#cf222e';

/**
 * Two colours by meaning, never by the translated label: the error rate answers the failing share
 * first, then the succeeding one (ABP's order; the labels are in the caller's language).
 */
function outcomeColour(index: number): string {
  return index === 0 ? errorColour : successColour;
}

const baseChart = {
  toolbar: { show: false },
  zoom: { enabled: false },
  animations: { enabled: false },
  fontFamily: 'inherit',
  foreColor: 'currentColor',
  parentHeightOffset: 0,
} as const;

function ValuesTable({
  caption,
  labelHeader,
  valueHeader,
  points,
}: {
  caption: string;
  labelHeader: string;
  valueHeader: string;
  points: StatisticPoint[];
}) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeader}</th>
          <th scope="col">{valueHeader}</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.label}>
            <th scope="row">{point.label}</th>
            <td>{point.value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AverageDurationChart({ points }: { points: StatisticPoint[] }) {
  const t = useAreaTexts(widgetTexts);
  const options = useMemo(
    () => ({
      chart: { ...baseChart, id: 'audit-average-duration', type: 'bar' as const },
      legend: { show: false },
      dataLabels: { enabled: false },
      colors: [barColour],
      xaxis: { categories: points.map((point) => point.label), labels: { show: false } },
      yaxis: { labels: { show: true } },
      grid: { padding: { left: 0, right: 0 } },
    }),
    [points],
  );
  const series = useMemo(() => [{ name: t('averageDataset'), data: points.map((point) => point.value) }], [points, t]);
  return (
    <Card title={t('averageTitle')} headingLevel={3}>
      {points.length === 0 ? (
        <p>{t('noData')}</p>
      ) : (
        <>
          <div aria-hidden="true">
            <Chart type="bar" width={width} height={height} options={options} series={series} />
          </div>
          <ValuesTable caption={t('averageTitle')} labelHeader={t('day')} valueHeader={t('averageDataset')} points={points} />
        </>
      )}
    </Card>
  );
}

function ErrorRateChart({ points }: { points: StatisticPoint[] }) {
  const t = useAreaTexts(widgetTexts);
  const colours = useMemo(() => points.map((_point, index) => outcomeColour(index)), [points]);
  const options = useMemo(
    () => ({
      chart: { ...baseChart, id: 'audit-error-rate', type: 'pie' as const },
      labels: points.map((point) => point.label),
      // The built-in legend injects a <style> the CSP refuses; the list below replaces it.
      legend: { show: false },
      colors: colours,
      stroke: { width: 1 },
      // Percentages sit inside their slice (the default offset puts a large share's label across the
      // pie's edge, where the card clips it); a slice too thin for its label shows none (the legend
      // and the table still give every value).
      plotOptions: { pie: { dataLabels: { offset: -12, minAngleToShowLabel: 25 } } },
      dataLabels: { style: { fontSize: '11px' }, dropShadow: { enabled: false } },
      // ApexCharts resizes a pie's SVG to its radius plus a 15 px bottom margin (141 px at this
      // size); 5 px less keeps the widget at the 273x136 of spec 9.
      grid: { padding: { bottom: -5 } },
    }),
    [points, colours],
  );
  const series = useMemo(() => points.map((point) => point.value), [points]);
  return (
    <Card title={t('errorRateTitle')} headingLevel={3}>
      {points.length === 0 || series.every((value) => value === 0) ? (
        <p>{t('noData')}</p>
      ) : (
        <>
          <div className={clusterClass} aria-hidden="true">
            <Chart type="pie" width={width} height={height} options={options} series={series} />
            <ul className={styles.legend}>
              {points.map((point, index) => (
                <li key={point.label}>
                  <span className={styles.swatch} style={{ backgroundColor: colours[index] }} />
                  {point.label}: {point.value}
                </li>
              ))}
            </ul>
          </div>
          <ValuesTable caption={t('errorRateTitle')} labelHeader={t('result')} valueHeader={t('count')} points={points} />
        </>
      )}
    </Card>
  );
}

export default function AuditWidgets({ isAllowed }: { isAllowed: boolean }) {
  const t = useAreaTexts(widgetTexts);
  const http = useSessionHttp();
  const headingId = useId();
  const logic = useMemo(
    () =>
      auditWidgetsMachine.provide({
        actors: {
          loadStatistics: fromPromise(({ input, signal }: { input: { range: DateRange }; signal: AbortSignal }) =>
            getAuditStatistics(http, input.range, signal),
          ),
        },
      }),
    [http],
  );
  const actor = useActorRef(logic, { input: { isAllowed, range: lastSevenDays(new Date()) }, ...inspectOptions() });
  const view = useSelector(actor, selectAuditWidgets);
  if (view.status === 'hidden') return null;
  const change = (range: Partial<DateRange>) => actor.send({ type: 'range.change', range: { ...view.range, ...range } });
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{t('heading')}</h2>
      <fieldset className={styles.range}>
        <legend className="visually-hidden">{t('range')}</legend>
        <TextField label={t('startDate')} type="date" value={view.range.startDate} onChange={(value) => change({ startDate: value })} />
        <TextField label={t('endDate')} type="date" value={view.range.endDate} onChange={(value) => change({ endDate: value })} />
      </fieldset>
      {view.status === 'invalidRange' && <p role="alert">{t('invalidRange')}</p>}
      {view.status === 'failed' && (
        <ErrorState title={t('failed')} retryLabel={t('retry')} onRetry={() => actor.send({ type: 'widgets.retry' })} />
      )}
      {view.status === 'loading' && !view.statistics && <LoadingState label={t('loading')} />}
      {view.statistics && view.status !== 'failed' && (
        <div className={styles.widgets} aria-busy={view.status === 'loading'}>
          <AverageDurationChart points={view.statistics.averageDurations} />
          <ErrorRateChart points={view.statistics.errorRate} />
        </div>
      )}
    </section>
  );
}
