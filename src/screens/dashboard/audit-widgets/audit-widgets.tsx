// The dashboard's audit-log widgets (spec 2.6, 9), in their own chunk with ApexCharts (loaded only
// for a caller who may see them). Render-only over the auditWidgets actor, a child of the dashboard
// machine that hands it the page's period: two cards of the dashboard's grid, 'Average execution
// duration in logs per day' (a bar chart with its days on the axis and its unit, ms) and 'Error rate
// in logs' (a pie), each chart 273x136. Each chart is decoration for sighted users (aria-hidden); its
// title is a heading and its values are a visually hidden table, the text alternative.
import { useSelector } from '@xstate/react';
import type { ApexOptions } from 'apexcharts';
import { type ComponentType, useMemo } from 'react';
import ReactApexChart from 'react-apexcharts';
import type { ActorRefFrom } from 'xstate';
import { type AuditWidgetsMachine, selectAuditWidgets } from '../../../../machines/audit-logging/audit-widgets.machine.ts';
import type { StatisticPoint } from '../../../api/audit-statistics.ts';
import { useAreaTexts } from '../../../app/use-area-texts.ts';
import { Card, ErrorState, LoadingState } from '../../../ui/index.ts';
import { fullRow } from '../dashboard.css.ts';
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
      // The days (the server's short dates in the culture) under their bars, level; those that would
      // overlap are left out (the table below has every one).
      xaxis: {
        categories: points.map((point) => point.label),
        labels: { show: true, rotate: 0, hideOverlappingLabels: true, trim: false, style: { fontSize: '10px' } },
        axisTicks: { show: false },
        tooltip: { enabled: false },
      },
      yaxis: {
        title: { text: t('unit'), offsetX: 4, style: { fontSize: '11px', fontWeight: 400 } },
        tickAmount: 3,
        labels: { formatter: (value: number) => String(Math.round(value)) },
      },
      grid: { padding: { left: 0, right: 4 } },
    }),
    [points, t],
  );
  const series = useMemo(() => [{ name: t('averageDataset'), data: points.map((point) => point.value) }], [points, t]);
  return (
    <Card title={t('averageTitle')} headingLevel={2} className={styles.card}>
      {points.length === 0 ? (
        <p>{t('noData')}</p>
      ) : (
        <>
          {/* Left to right like the data it draws: in Arabic the days ('23/11/2026') would be reordered. */}
          <div className={styles.chart} aria-hidden="true" dir="ltr">
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
    <Card title={t('errorRateTitle')} headingLevel={2} className={styles.card}>
      {points.length === 0 || series.every((value) => value === 0) ? (
        <p>{t('noData')}</p>
      ) : (
        <>
          <div className={styles.chart} aria-hidden="true">
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

export default function AuditWidgets({ widgets }: { widgets: ActorRefFrom<AuditWidgetsMachine> }) {
  const t = useAreaTexts(widgetTexts);
  const view = useSelector(widgets, selectAuditWidgets);
  if (view.status === 'hidden') return null;
  // The page's period is the dashboard's: it sends this actor only complete periods, so an invalid
  // range here is the page's to report (dashboard-screen.tsx).
  if (view.status === 'failed') {
    return (
      <div className={fullRow}>
        <ErrorState title={t('failed')} retryLabel={t('retry')} onRetry={() => widgets.send({ type: 'widgets.retry' })} />
      </div>
    );
  }
  if (!view.statistics) {
    return view.status === 'loading' ? (
      <div className={fullRow}>
        <LoadingState label={t('loading')} />
      </div>
    ) : null;
  }
  return (
    <>
      <div className={styles.cell} aria-busy={view.status === 'loading'}>
        <AverageDurationChart points={view.statistics.averageDurations} />
      </div>
      <div className={styles.cell} aria-busy={view.status === 'loading'}>
        <ErrorRateChart points={view.statistics.errorRate} />
      </div>
    </>
  );
}
