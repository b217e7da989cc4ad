// ApexCharts and the strict CSP (style-src 'self', no 'unsafe-inline'). What ApexCharts 4.7.0 does:
// - Its own stylesheet: on the first chart it looks for an element with id "apexcharts-css" and, if
//   there is none, injects a <style> with that id: the CSP would refuse it. So the same stylesheet
//   is shipped as a file (emitted by Vite, same origin) and linked with that id before any chart
//   is drawn; ApexCharts finds it and injects nothing.
// - The legend: drawing it appends another <style> into the SVG; the charts therefore turn the
//   built-in legend off and render their own (an HTML list) instead.
// - The toolbar and export menus, goals and range-bar tooltips build markup with style attributes;
//   none of them is used here (toolbar off, plain bar and pie series).
// Everything else is set through element.style (CSSOM), which the CSP allows.
import stylesheetUrl from 'apexcharts/dist/apexcharts.css?url';

export const apexStylesheetId = 'apexcharts-css';

export function ensureApexStylesheet(doc: Document): void {
  if (doc.getElementById(apexStylesheetId)) return;
  const link = doc.createElement('link');
  link.id = apexStylesheetId;
  link.rel = 'stylesheet';
  link.href = stylesheetUrl;
  doc.head.append(link);
}
