// The machine documentation site (docs/site/), built by `npm run docs` from the same reading of the
// machines as docs/machines/*.md (scripts/machine-docs.ts), for QA to open in a browser with no
// server (file://) and for the product to serve at /docs/machines/. Rules:
// - No hand-written page: an index of every machine by area (its folder under machines/) with its
//   purpose and spec sections and a search box across machines, states and events; one page per
//   machine with the state chart as SVG laid out here at build time (scripts/state-chart-svg.ts),
//   states, events, guards, actors, delays, the rules checked per state, the coverage of its states
//   and transitions by the generated paths (anything uncovered in red, with the model's reason when
//   it is unreachable by design), and every generated path as a step list.
// - Plain files with relative links and classic scripts (no modules, no fetch), so file:// works and
//   the product can serve them under its CSP (no inline script); output is
//   deterministic (CI compares it byte for byte with `npm run docs -- --check`).
// - `coverageGaps` is what CI fails on: a state or transition no path reaches, without a reason in
//   the model's `unreachable`.
import fs from 'node:fs';
import path from 'node:path';
import { repositoryRoot } from './machine-files.ts';
import { replayViewerBundle } from './replay-bundle.ts';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { type Edge, uncoveredEdges } from '../machines/testing/model-paths.ts';
import { allNodes, edgeLabel, eventLabel, firstSentence, type MachineInfo, shortId } from './machine-docs.ts';
import { escapeXml, stateChartSvg } from './state-chart-svg.ts';

const esc = escapeXml;
/** Inline `code` spans of the comments and rule texts. */
const prose = (text: string) => esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
const code = (text: string) => `<code>${esc(text)}</code>`;

export const siteDir = 'docs/site';

/**
 * The machine's source files as the site shows them: its page links to a page of the site holding
 * them (the machine, its test model, its reference), so the links work from file:// and where the
 * product serves the site, which serves no repository file.
 */
function sourceFiles(info: MachineInfo): Array<{ anchor: string; file: string }> {
  return [
    { anchor: 'machine', file: info.file },
    { anchor: 'model', file: info.file.replace('.machine.ts', '.model.ts') },
    { anchor: 'reference', file: info.reference.file },
  ].filter(({ file }) => fs.existsSync(path.join(repositoryRoot, file)));
}

const sourcePage = (info: MachineInfo) => `source-${info.machine.id}.html`;
const sourceHref = (info: MachineInfo, anchor: string) => `${sourcePage(info)}#${anchor}`;
const sourceLink = (info: MachineInfo, anchor: string, file: string) => `<a href="${esc(sourceHref(info, anchor))}">${esc(file)}</a>`;

function sourceHtml(info: MachineInfo): string {
  const sections = sourceFiles(info).map(
    ({ anchor, file }) =>
      `<section aria-labelledby="${anchor}"><h2 id="${anchor}"><code>${esc(file)}</code></h2>
<pre class="source" tabindex="0">${esc(fs.readFileSync(path.join(repositoryRoot, file), 'utf8'))}</pre></section>`,
  );
  return page(
    `${info.machine.id} machine: source`,
    `<h1><code>${esc(info.machine.id)}</code> machine: source</h1>
<p><a href="${esc(info.machine.id)}.html">Back to the machine's page</a></p>
${sections.join('\n')}`,
  );
}

/** A state value as dotted paths: `open.lookingUp`, or `a.x, b.y` for parallel states. */
export function valueLabel(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object')
    return Object.entries(value as Record<string, unknown>)
      .map(([key, child]) =>
        valueLabel(child)
          .split(', ')
          .map((leaf) => `${key}.${leaf}`)
          .join(', '),
      )
      .join(', ');
  return String(value);
}

function transitionKey(machine: AnyStateMachine, edge: Edge): string {
  const short = (id: string) => (id === machine.id ? '*' : shortId(machine, id));
  return `${short(edge.source)} → ${short(edge.target)} : ${edgeLabel(edge)}`;
}

export interface Coverage {
  states: { total: number; uncovered: string[] };
  transitions: { total: number; uncovered: string[] };
  /** Uncovered states or transitions the model says are unreachable by design, with why. */
  reasons: Record<string, string>;
}

export function coverageOf(info: MachineInfo): Coverage | undefined {
  const { machine, paths, model } = info;
  if (!paths) return undefined;
  const visited = new Set<string>();
  for (const { path: testPath } of paths)
    for (const step of testPath.steps) for (const node of (step.state as AnyMachineSnapshot)._nodes) visited.add(node.id);
  const missing = uncoveredEdges(machine, paths);
  // A transient state (left at once by an eventless transition) is never at rest in a snapshot: it
  // is reached when a path takes a transition out of it.
  for (const edge of info.edges) if (!missing.includes(edge)) visited.add(edge.source);
  const nodes = allNodes(machine.root);
  const reasons = model?.unreachable ?? {};
  return {
    states: { total: nodes.length, uncovered: nodes.filter((node) => !visited.has(node.id)).map((node) => shortId(machine, node.id)) },
    transitions: { total: info.edges.length, uncovered: missing.map((edge) => transitionKey(machine, edge)) },
    reasons,
  };
}

/** What keeps a machine under full coverage without a written reason (CI fails on any). */
export function coverageGaps(machines: MachineInfo[]): string[] {
  return machines.flatMap((info) => {
    const coverage = coverageOf(info);
    if (!coverage) return [`${info.machine.id}: no test model (${info.file.replace('.machine.ts', '.model.ts')})`];
    return [...coverage.states.uncovered.map((state) => `state ${state}`), ...coverage.transitions.uncovered]
      .filter((item) => !coverage.reasons[item])
      .map((item) => `${info.machine.id}: ${item} is not covered by any generated path and the model gives no reason`);
  });
}

/** The spec sections a machine implements: its reference's source, else the "(spec …)" of its purpose. */
export function specSections(info: MachineInfo): string {
  if (info.reference.book) return info.reference.book.source;
  const match = firstSentence(info.comment).match(/\((spec [^)]*)\)/);
  return match?.[1] ?? '';
}

function commentHtml(comment: string): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let items: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push(`<p>${prose(paragraph.join(' '))}</p>`);
    if (items.length) blocks.push(`<ul>${items.map((item) => `<li>${prose(item)}</li>`).join('')}</ul>`);
    paragraph = [];
    items = [];
  };
  for (const line of comment.split('\n')) {
    if (line.startsWith('- ')) {
      if (paragraph.length) {
        blocks.push(`<p>${prose(paragraph.join(' '))}</p>`);
        paragraph = [];
      }
      items.push(line.slice(2));
    } else if (line.startsWith('  ') && items.length) items[items.length - 1] += ` ${line.trim()}`;
    else if (line.trim() === '') flush();
    else {
      if (items.length) flush();
      paragraph.push(line.trim());
    }
  }
  flush();
  return blocks.join('\n');
}

function table(caption: string, header: string[], rows: string[][]): string {
  if (!rows.length) return '<p class="none">None.</p>';
  return `<table><caption>${esc(caption)}</caption><thead><tr>${header.map((cell) => `<th scope="col">${esc(cell)}</th>`).join('')}</tr></thead><tbody>
${rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n')}
</tbody></table>`;
}

function page(title: string, body: string, options: { script?: string; scripts?: string[] } = {}): string {
  const scripts = options.scripts ?? (options.script ? [options.script] : []);
  // Scripts are files of the site, not inline: the product serves the site under a CSP without 'unsafe-inline'.
  return `<!doctype html>
<!-- Generated by scripts/generate-docs.ts (scripts/machine-site.ts); do not edit. -->
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title>
<link rel="stylesheet" href="site.css">
</head>
<body>
<header class="top"><nav aria-label="Site"><a href="index.html">Machines</a> <a href="replay.html">Replay viewer</a></nav></header>
<main id="main">
${body}
</main>
${scripts.map((src) => `<script src="${src}"></script>\n`).join('')}</body>
</html>
`;
}

function pathSteps(info: MachineInfo, index: number): string {
  const testPath = info.paths![index]!;
  const describe = info.model?.describeEvent ?? ((event: EventObject) => event.type);
  const steps = testPath.path.steps.map((step, position) => {
    const after = valueLabel((step.state as AnyMachineSnapshot).value);
    if (step.event.type === 'xstate.init') return `<li>start (${esc(testPath.scenario)}) → ${code(after)}</li>`;
    const before = valueLabel((testPath.path.steps[position - 1]!.state as AnyMachineSnapshot).value);
    return `<li>in ${code(before)}, ${prose(`\`${describe(step.event)}\``)} → ${code(after)}</li>`;
  });
  return `<li class="path"><details><summary>${esc(testPath.title)}</summary><ol class="steps">${steps.join('')}</ol></details></li>`;
}

function coverageSection(info: MachineInfo, coverage: Coverage | undefined): string {
  if (!coverage)
    return '<p class="uncovered">No test model: add a sibling <code>.model.ts</code> exporting a <code>MachineModel</code>.</p>';
  const line = (what: string, part: { total: number; uncovered: string[] }) => {
    const covered = part.total - part.uncovered.length;
    const percent = part.total ? Math.floor((covered / part.total) * 100) : 100;
    return `<li>${what}: <strong>${covered} of ${part.total}</strong> (${percent} %)</li>`;
  };
  const uncovered = [...coverage.states.uncovered.map((state) => `state ${state}`), ...coverage.transitions.uncovered];
  return [
    `<ul class="coverage">${line('States', coverage.states)}${line('Transitions', coverage.transitions)}</ul>`,
    uncovered.length
      ? `<p>Not covered by any generated path:</p><ul>${uncovered
          .map((item) =>
            coverage.reasons[item]
              ? `<li class="uncovered">${code(item)}: unreachable by design: ${prose(coverage.reasons[item])}</li>`
              : `<li class="uncovered">${code(item)}: <strong>no reason given</strong></li>`,
          )
          .join('')}</ul>`
      : `<p class="covered">Every state and transition is reached by the ${info.paths!.length} generated paths.</p>`,
  ].join('\n');
}

function rulesSection(info: MachineInfo): string {
  const { book, file } = info.reference;
  const link = sourceFiles(info).some((source) => source.anchor === 'reference') ? sourceLink(info, 'reference', file) : esc(file);
  if (!book) return `<p>No rule book yet (${link}).</p>`;
  const byState = new Map<string, string[]>();
  for (const { state, text } of Object.values(book.rules)) byState.set(state, [...(byState.get(state) ?? []), text]);
  const rows = [...byState].flatMap(([state, texts]) => texts.map((text, index) => [index === 0 ? code(state) : '', prose(text)]));
  return `<p>From ${link}, written from ${prose(book.source)}; it does not import the machine. Every generated path is played on the machine and on this reference, and every rule must be applied by at least one path.</p>
${table('Rules checked, per state', ['State', 'Rule checked there'], rows)}`;
}

function machineHtml(info: MachineInfo, chart: string): string {
  const { machine, edges } = info;
  const nodes = allNodes(machine.root);
  const short = (id: string) => (id === machine.id ? 'any state' : code(shortId(machine, id)));
  const transitionsOf = (predicate: (edge: Edge) => boolean) =>
    edges
      .filter(predicate)
      .map((edge) => `${short(edge.source)} → ${short(edge.target)}`)
      .join(', ');
  const rootEdges = edges.filter((edge) => edge.source === machine.id);
  const stateRows = nodes.map((node) => [
    `<span id="state-${esc(shortId(machine, node.id))}">${code(shortId(machine, node.id))}</span>`,
    esc(node.type),
    (node.invoke as Array<{ id: string }>).map((invoke) => code(invoke.id)).join(', '),
    [...new Set(edges.filter((edge) => edge.source === node.id).map((edge) => eventLabel(edge.eventType)))].map(code).join(', '),
  ]);
  const eventTypes = [...new Set(edges.map((edge) => edge.eventType).filter((type) => type !== '' && !type.startsWith('xstate.')))];
  const eventRows = eventTypes.map((type) => [
    `<span id="event-${esc(type)}">${code(type)}</span>`,
    transitionsOf((edge) => edge.eventType === type),
  ]);
  const guardRows = Object.keys(machine.implementations.guards)
    .sort()
    .map((name) => [code(name), transitionsOf((edge) => edge.guard === name)]);
  const actorRows = Object.keys(machine.implementations.actors)
    .sort()
    .map((name) => [
      code(name),
      [machine.root, ...nodes]
        .filter((node) => (node.invoke as Array<{ src: unknown }>).some((invoke) => invoke.src === name))
        .map((node) => short(node.id))
        .join(', '),
    ]);
  const delayRows = Object.entries(machine.implementations.delays as Record<string, unknown>)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => [
      code(name),
      typeof value === 'number' ? `${value} ms` : 'computed',
      transitionsOf((edge) => edge.eventType.startsWith(`xstate.after.${name}.`)),
    ]);
  const coverage = coverageOf(info);
  const modelFile = info.file.replace('.machine.ts', '.model.ts');
  const paths = info.paths ?? [];
  const spec = specSections(info);
  return page(
    `${machine.id} machine`,
    `<h1><code>${esc(machine.id)}</code> machine</h1>
<p class="meta">Area <strong>${esc(info.area)}</strong>. Source: ${sourceLink(info, 'machine', info.file)}${
      spec ? `. Spec: <a href="../../../shared/spec/product-spec.md">${prose(spec)}</a>` : ''
    }.</p>
<section aria-labelledby="purpose"><h2 id="purpose">Purpose</h2>
${commentHtml(info.comment)}
</section>
<section aria-labelledby="chart"><h2 id="chart">State chart</h2>
<figure class="chart-box" tabindex="0" aria-label="State chart (scrolls sideways when wide)">${chart}</figure>
${rootEdges.length ? `<p>In every state: ${rootEdges.map((edge) => `${code(edgeLabel(edge))} → ${edge.target === machine.id ? 'same state' : short(edge.target)}`).join(', ')}.</p>` : ''}
</section>
<section aria-labelledby="coverage"><h2 id="coverage">Coverage</h2>
${coverageSection(info, coverage)}
</section>
<section aria-labelledby="states"><h2 id="states">States</h2>
${table('States', ['State', 'Kind', 'Invokes', 'Leaves on'], stateRows)}
</section>
<section aria-labelledby="events"><h2 id="events">Events</h2>
${table('Events', ['Event', 'Transitions'], eventRows)}
</section>
<section aria-labelledby="guards"><h2 id="guards">Guards</h2>
${table('Guards', ['Guard', 'Transitions'], guardRows)}
</section>
<section aria-labelledby="actors"><h2 id="actors">Actors</h2>
${table('Actors', ['Actor', 'Invoked in'], actorRows)}
</section>
<section aria-labelledby="delays"><h2 id="delays">Delays</h2>
${table('Delays', ['Delay', 'Value', 'Transitions'], delayRows)}
</section>
<section aria-labelledby="rules"><h2 id="rules">Rules checked, per state</h2>
${rulesSection(info)}
</section>
<section aria-labelledby="paths"><h2 id="paths">Test paths</h2>
${
  info.model
    ? `<p>${paths.length} paths generated by <code>xstate/graph</code> (shortest paths) from ${sourceLink(info, 'model', modelFile)}; the machine suite plays each one against the running actor, checking every step against the reference. Open a path to read its steps.</p>
<ol class="paths">
${paths.map((_, index) => pathSteps(info, index)).join('\n')}
</ol>`
    : '<p class="uncovered">No test model.</p>'
}
</section>`,
  );
}

const css = `/* Generated by scripts/generate-docs.ts (scripts/machine-site.ts); do not edit. */
:root { color-scheme: light; --ink: #1b1f24; --muted: #4a5361; --line: #c9d1da; --accent: #0b5cad; --bad: #b00020; --good: #17602a; }
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.5 system-ui, sans-serif; color: var(--ink); background: #fff; }
.top { background: #10243e; padding: 0.5rem 1rem; }
.top a { color: #fff; margin-inline-end: 1.25rem; font-weight: 600; }
main { max-width: 76rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
a { color: var(--accent); }
code { font-family: ui-monospace, 'DejaVu Sans Mono', monospace; font-size: 0.92em; background: #f2f4f7; padding: 0 0.2em; border-radius: 3px; }
table { border-collapse: collapse; margin: 0.5rem 0 1rem; width: 100%; }
caption { text-align: start; font-weight: 600; color: var(--muted); }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.5rem; text-align: start; vertical-align: top; }
th { background: #eef2f6; }
.meta { color: var(--muted); }
.uncovered { color: var(--bad); }
.covered { color: var(--good); }
.none { color: var(--muted); font-style: italic; }
.chart-box { margin: 0; overflow-x: auto; border: 1px solid var(--line); border-radius: 6px; padding: 0.5rem; }
svg.chart { max-width: none; font-family: 'DejaVu Sans Mono', ui-monospace, monospace; }
svg.chart .state > rect { fill: #f4f8fc; stroke: #41607f; stroke-width: 1.4; }
svg.chart .state.compound > rect { fill: #fbfcfe; stroke-dasharray: 5 3; }
svg.chart .entry { fill: #fff; stroke: #41607f; stroke-dasharray: 3 2; }
svg.chart .compound-name { font-weight: 700; }
svg.chart .final-inner { fill: none; stroke: #41607f; }
svg.chart .state-name { font-size: 12px; fill: #10243e; }
svg.chart .transition path { fill: none; stroke: #5d6b7a; stroke-width: 1.2; }
svg.chart .arrowhead { fill: #5d6b7a; }
svg.chart .label-bg { fill: #fff; opacity: 0.9; }
svg.chart .transition-label { font-size: 11px; fill: #303a45; }
svg.chart .initial { fill: #10243e; }
svg.chart .state.current > rect { fill: #ffe9a8; stroke: #8a5a00; stroke-width: 3; }
.paths details summary { cursor: pointer; }
.steps { margin: 0.25rem 0 0.5rem; }
.area { margin-top: 1.5rem; }
.machines { list-style: none; padding: 0; }
.machines li { padding: 0.4rem 0; border-bottom: 1px solid #eef0f3; }
.search { margin: 1rem 0; }
.search input { font: inherit; padding: 0.35rem 0.5rem; width: min(32rem, 100%); }
#results li { margin: 0.2rem 0; }
.kind { display: inline-block; min-width: 4.5rem; color: var(--muted); }
.replay-controls button, .link-button { font: inherit; margin-inline-end: 0.5rem; }
.link-button { background: none; border: none; color: var(--accent); text-decoration: underline; cursor: pointer; padding: 0; }
.step-detail { display: grid; grid-template-columns: max-content 1fr; gap: 0.2rem 1rem; }
.step-detail dt { font-weight: 600; }
.step-detail dd { margin: 0; }
pre { background: #f2f4f7; padding: 0.5rem; overflow-x: auto; }
`;

const searchScript = `(function () {
  var entries = JSON.parse(document.getElementById('search-data').textContent);
  var input = document.getElementById('search');
  var list = document.getElementById('results');
  var status = document.getElementById('search-status');
  function show() {
    var query = input.value.trim().toLowerCase();
    list.textContent = '';
    if (!query) { status.textContent = ''; return; }
    var found = entries.filter(function (entry) { return entry.name.toLowerCase().indexOf(query) !== -1 || (entry.machine + ' ' + entry.text).toLowerCase().indexOf(query) !== -1; });
    status.textContent = found.length + (found.length === 1 ? ' match' : ' matches') + (found.length > 100 ? ', the first 100 shown' : '');
    found.slice(0, 100).forEach(function (entry) {
      var item = document.createElement('li');
      var kind = document.createElement('span');
      kind.className = 'kind';
      kind.textContent = entry.kind;
      var link = document.createElement('a');
      link.href = entry.href;
      link.textContent = entry.name;
      item.append(kind, link, ' (' + entry.machine + ')');
      list.append(item);
    });
  }
  input.addEventListener('input', show);
  show();
})();`;

function indexHtml(machines: MachineInfo[]): string {
  const areas = [...new Set(machines.map((info) => info.area))];
  const entries = machines.flatMap((info) => {
    const { machine } = info;
    const href = `${machine.id}.html`;
    const events = [...new Set(info.edges.map((edge) => edge.eventType).filter((type) => type !== '' && !type.startsWith('xstate.')))];
    return [
      { kind: 'machine', name: machine.id, machine: machine.id, text: firstSentence(info.comment), href },
      ...allNodes(machine.root).map((node) => ({
        kind: 'state',
        name: shortId(machine, node.id),
        machine: machine.id,
        text: '',
        href: `${href}#state-${shortId(machine, node.id)}`,
      })),
      ...events.map((type) => ({ kind: 'event', name: type, machine: machine.id, text: '', href: `${href}#event-${type}` })),
    ];
  });
  const gaps = (info: MachineInfo) => {
    const coverage = coverageOf(info);
    if (!coverage) return ' <span class="uncovered">(no test model)</span>';
    const missing = coverage.states.uncovered.length + coverage.transitions.uncovered.length;
    return missing ? ` <span class="uncovered">(${missing} not covered)</span>` : '';
  };
  const body = `<h1>Machines</h1>
<p>Every state machine of the product, generated from <code>machines/**/*.machine.ts</code>, their test models and their references by <code>npm run docs</code>. ${machines.length} machines.</p>
<div class="search" role="search"><label for="search">Search machines, states and events</label><br><input id="search" type="search" autocomplete="off"><p id="search-status" role="status" aria-live="polite"></p><ul id="results"></ul></div>
${areas
  .map(
    (area) => `<section class="area" aria-labelledby="area-${esc(area)}"><h2 id="area-${esc(area)}">${esc(area)}</h2>
<ul class="machines">
${machines
  .filter((info) => info.area === area)
  .map((info) => {
    const spec = specSections(info);
    return `<li><a href="${esc(info.machine.id)}.html"><code>${esc(info.machine.id)}</code></a>: ${prose(firstSentence(info.comment))}${spec ? ` <span class="meta">Spec: ${prose(spec)}.</span>` : ''}${gaps(info)}</li>`;
  })
  .join('\n')}
</ul></section>`,
  )
  .join('\n')}
<script type="application/json" id="search-data">${JSON.stringify(entries).replaceAll('<', '\\u003c')}</script>`;
  return page('Machines', body, { script: 'search.js' });
}

const replayBody = `<h1>Replay viewer</h1>
<p>Open a recording saved from the product (<code>inspection-….json</code>; see <a href="../inspection.md">docs/inspection.md</a>). Step through its events in the order they happened: the state chart of the actor that processed the event shows the state it was in, with the event's payload and what it changed in the actor's context. The viewer replays the recording through today's machines (bundled beside this page) and marks the step where a machine no longer reaches the recorded state ("diverged here"); a file annotated by <code>npm run replay -- &lt;file&gt; --annotate &lt;out.json&gt;</code> is shown with its annotations as they are.</p>
<p><label for="recording-file">Recording file</label><br><input id="recording-file" type="file" accept=".json,application/json"></p>
<p id="replay-error" class="uncovered" role="alert"></p>
<section id="replay" hidden aria-labelledby="replay-title">
<h2 id="replay-title">Recording</h2>
<p id="replay-summary"></p>
<div class="replay-controls">
<button type="button" id="step-first">First</button>
<button type="button" id="step-back">Previous step</button>
<button type="button" id="step-forward">Next step</button>
<button type="button" id="step-last">Last</button>
</div>
<p id="step-status" role="status" aria-live="polite"></p>
<p id="step-diverged" class="uncovered" hidden></p>
<dl class="step-detail">
<dt>Actor</dt><dd id="step-actor"></dd>
<dt>Event</dt><dd id="step-event"></dd>
<dt>From</dt><dd id="step-source"></dd>
<dt>State</dt><dd id="step-state"></dd>
</dl>
<h3>Event payload</h3>
<pre id="step-payload"></pre>
<h3>Context changed by this step</h3>
<pre id="step-context"></pre>
<h3>State chart</h3>
<figure class="chart-box" id="step-chart" tabindex="0" aria-label="State chart of the actor (scrolls sideways when wide)"></figure>
<h3>All steps</h3>
<ol id="step-list" class="steps"></ol>
</section>`;

const replayScript = `(function () {
  var charts = window.MACHINE_CHARTS || {};
  var steps = [];
  var index = 0;
  var annotations = {};
  var byId = function (id) { return document.getElementById(id); };
  function text(value) { return typeof value === 'string' ? value : JSON.stringify(value); }
  /** The chart's data-state names an active state: 'a', and for {a: 'b'} both 'a' and 'a.b'. */
  function activePaths(value, prefix) {
    if (typeof value === 'string') return [prefix + value];
    var paths = [];
    Object.keys(value || {}).forEach(function (key) {
      paths.push(prefix + key);
      paths = paths.concat(activePaths(value[key], prefix + key + '.'));
    });
    return paths;
  }
  function load(recording) {
    if (!recording || recording.format !== 'finance-admin.inspection' || !Array.isArray(recording.actors)) throw new Error('This file is not a recording of the product (format finance-admin.inspection).');
    steps = [];
    recording.actors.forEach(function (actor) {
      var before = actor.baseline ? actor.baseline.value : null;
      actor.events.forEach(function (event, position) {
        steps.push({ actor: actor, number: position + 1, event: event, before: before });
        before = event.state;
      });
    });
    steps.sort(function (a, b) { return a.event.seq - b.event.seq; });
    var replay = window.FINANCE_REPLAY;
    byId('replay-summary').textContent = 'Replaying through the machines of this version…';
    return Promise.resolve(recording.replay || (replay ? replay.annotate(recording) : {})).then(function (found) {
      annotations = found || {};
      render(recording);
    });
  }
  function render(recording) {
    byId('replay-summary').textContent = recording.actors.length + ' actor(s), ' + steps.length + ' event(s), app ' + recording.appVersion + ', ' + recording.startedAt + ' to ' + recording.endedAt + (recording.dropped ? ', ' + recording.dropped + ' older event(s) dropped' : '') + '.';
    var list = byId('step-list');
    list.textContent = '';
    steps.forEach(function (step, position) {
      var item = document.createElement('li');
      var button = document.createElement('button');
      button.type = 'button';
      button.className = 'link-button';
      button.textContent = step.actor.machineId + ': ' + step.event.event.type + ' → ' + text(step.event.state);
      button.addEventListener('click', function () { show(position); });
      item.append(button);
      if (diverged(step)) {
        var mark = document.createElement('strong');
        mark.className = 'uncovered';
        mark.textContent = ' diverged here';
        item.append(mark);
      }
      list.append(item);
    });
    byId('replay').hidden = false;
    show(0);
  }
  function diverged(step) {
    var note = annotations[step.actor.key];
    return !!note && note.divergedAtStep === step.number;
  }
  function show(position) {
    if (!steps.length) return;
    index = Math.max(0, Math.min(steps.length - 1, position));
    var step = steps[index];
    var event = step.event;
    byId('step-status').textContent = 'Step ' + (index + 1) + ' of ' + steps.length + ': ' + event.event.type + ' in ' + step.actor.machineId;
    byId('step-actor').textContent = step.actor.machineId + ' (' + step.actor.id + ', ' + step.actor.key + '), its event ' + step.number + ' of ' + step.actor.events.length;
    byId('step-event').textContent = event.event.type + ' at +' + event.offset + ' ms';
    byId('step-source').textContent = event.source;
    byId('step-state').textContent = (step.before === null ? '(start)' : text(step.before)) + ' → ' + text(event.state) + (event.status ? ' (' + event.status + ')' : '');
    var payload = {};
    Object.keys(event.event).forEach(function (key) { if (key !== 'type') payload[key] = event.event[key]; });
    byId('step-payload').textContent = Object.keys(payload).length ? JSON.stringify(payload, null, 2) : '(none)';
    var changes = event.contextChanges ? JSON.stringify(event.contextChanges, null, 2) : '(nothing changed)';
    byId('step-context').textContent = step.actor.baseline && step.number === 1 ? changes + '\\n\\nBefore this step (the baseline): ' + JSON.stringify(step.actor.baseline.context, null, 2) : changes;
    var note = annotations[step.actor.key];
    var mark = byId('step-diverged');
    mark.hidden = !diverged(step);
    mark.textContent = diverged(step) ? 'Diverged here: the current machines reach ' + text(note.actual) + ', the recording says ' + text(note.expected) + '.' : '';
    var figure = byId('step-chart');
    figure.innerHTML = charts[step.actor.machineId] || '<p>No chart for machine ' + step.actor.machineId.replace(/[<&]/g, '') + ' in this site.</p>';
    var active = activePaths(event.state, '');
    figure.querySelectorAll('[data-state]').forEach(function (node) {
      if (active.indexOf(node.getAttribute('data-state')) !== -1) node.classList.add('current');
    });
    byId('step-first').disabled = index === 0;
    byId('step-back').disabled = index === 0;
    byId('step-forward').disabled = index === steps.length - 1;
    byId('step-last').disabled = index === steps.length - 1;
  }
  byId('recording-file').addEventListener('change', function (changed) {
    var file = changed.target.files && changed.target.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () {
      byId('replay-error').textContent = '';
      var fail = function (error) { byId('replay-error').textContent = file.name + ': ' + error.message; byId('replay').hidden = true; };
      try { load(JSON.parse(String(reader.result))).catch(fail); } catch (error) { fail(error); }
    };
    reader.readAsText(file);
  });
  byId('step-first').addEventListener('click', function () { show(0); });
  byId('step-back').addEventListener('click', function () { show(index - 1); });
  byId('step-forward').addEventListener('click', function () { show(index + 1); });
  byId('step-last').addEventListener('click', function () { show(steps.length - 1); });
})();`;

export async function generateMachineSite(machines: MachineInfo[]): Promise<Array<[string, string]>> {
  if (!machines.length) return [];
  const files: Array<[string, string]> = [[path.posix.join(siteDir, 'replay-machines.js'), await replayViewerBundle()]];
  const charts: Record<string, string> = {};
  for (const info of machines) {
    const chart = stateChartSvg(info.machine, info.edges, { label: edgeLabel });
    charts[info.machine.id] = chart;
    files.push([path.posix.join(siteDir, `${info.machine.id}.html`), machineHtml(info, chart)]);
    files.push([path.posix.join(siteDir, sourcePage(info)), sourceHtml(info)]);
  }
  files.push([path.posix.join(siteDir, 'index.html'), indexHtml(machines)]);
  files.push([
    path.posix.join(siteDir, 'replay.html'),
    page('Replay viewer', replayBody, { scripts: ['charts.js', 'replay-machines.js', 'replay.js'] }),
  ]);
  files.push([
    path.posix.join(siteDir, 'replay.js'),
    `// Generated by scripts/generate-docs.ts (scripts/machine-site.ts); do not edit.\n${replayScript}\n`,
  ]);
  files.push([path.posix.join(siteDir, 'site.css'), css]);
  files.push([
    path.posix.join(siteDir, 'search.js'),
    `// Generated by scripts/generate-docs.ts (scripts/machine-site.ts); do not edit.\n${searchScript}\n`,
  ]);
  files.push([
    path.posix.join(siteDir, 'charts.js'),
    `// Generated by scripts/generate-docs.ts (scripts/machine-site.ts); do not edit. The state charts, for the replay viewer.\nwindow.MACHINE_CHARTS = ${JSON.stringify(charts).replaceAll('<', '\\u003c')};\n`,
  ]);
  return files;
}
