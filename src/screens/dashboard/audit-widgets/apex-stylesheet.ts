// ApexCharts 4.7.0 under the strict CSP (style-src 'self': no inline <style>, no style attributes in
// markup; style set through element.style, the CSSOM, is allowed). What ApexCharts does, and how
// each is handled here (e2e: tests/e2e/audit-widgets.spec.ts checks for CSP refusals):
// - Its main stylesheet: on the first chart it looks for an element with id "apexcharts-css" and, if
//   there is none, injects a <style> with that id. The same stylesheet is shipped as a file (Vite
//   emits apexcharts.css, same origin) and linked under that id before any chart is drawn, so
//   ApexCharts finds it and injects nothing.
// - Its legend styles: every render appends another <style> (flip and legend layout rules) into the
//   SVG's foreignObject, legend shown or not, with no option to turn it off. Those rules ship in
//   apexcharts-legend.css instead, and the legend helper's appendToForeignObject is made a no-op on
//   its prototype (reached through a chart that is constructed but never rendered). If a later
//   ApexCharts moves that method, the patch does nothing and the e2e CSP check fails loudly.
// - The toolbar and export menus, goals and range-bar tooltips build markup with style attributes;
//   none of them is used here (toolbar off, plain bar and pie series).
import ApexCharts from 'apexcharts';
import stylesheetUrl from 'apexcharts/dist/apexcharts.css?url';
import './apexcharts-legend.css';

export const apexStylesheetId = 'apexcharts-css';

export function ensureApexStylesheet(doc: Document): void {
  if (doc.getElementById(apexStylesheetId)) return;
  const link = doc.createElement('link');
  link.id = apexStylesheetId;
  link.rel = 'stylesheet';
  link.href = stylesheetUrl;
  doc.head.append(link);
}

let legendPatched = false;

/** Stops the legend helper from appending its inline <style> (its rules are in apexcharts-legend.css). */
export function preventLegendInlineStyle(doc: Document): void {
  if (legendPatched) return;
  legendPatched = true;
  const probe = new ApexCharts(doc.createElement('div'), { chart: { type: 'bar' }, series: [] }) as unknown as {
    legend?: { legendHelpers?: object };
  };
  const helpers = probe.legend?.legendHelpers;
  const prototype = helpers ? (Object.getPrototypeOf(helpers) as { appendToForeignObject?: () => void }) : null;
  if (prototype && typeof prototype.appendToForeignObject === 'function') prototype.appendToForeignObject = () => {};
}
