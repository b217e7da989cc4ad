// Machine pages for docs/machines: one Markdown page per exported machine of machines/**/*.machine.ts
// (state chart, states, events, guards, actors, delays, the rules checked per state, the generated
// test paths and the mutants written down as equivalent), plus an index. Rules: everything is read
// from the machine definition, from its test model (the sibling <name>.model.ts, the same one the
// machine suite drives) and from its reference (tests/machines/reference/<name>.reference.ts, the
// RuleBook it exports: the rules in words, per state, with the spec sections), so the page cannot
// drift from the code; output is deterministic (sorted files, definition order within a machine),
// because CI compares it byte for byte.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { isMachine, machineFiles } from './machine-files.ts';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import { type Edge, type MachineModel, type ModelPath, machineEdges, modelPaths, uncoveredEdges } from '../machines/testing/model-paths.ts';
import type { RuleBook } from '../tests/machines/reference-driver.ts';

const root = path.resolve(import.meta.dirname, '..');

function isModel(value: unknown): value is MachineModel {
  return (
    typeof value === 'object' &&
    value !== null &&
    isMachine((value as { machine?: unknown }).machine) &&
    Array.isArray((value as { scenarios?: unknown }).scenarios)
  );
}

function isRuleBook(value: unknown): value is RuleBook {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { source?: unknown }).source === 'string' &&
    typeof (value as { rules?: unknown }).rules === 'object'
  );
}

/** Mutants StrykerJS leaves alive in every machine, equivalent by construction. */
const commonEquivalentMutants = ["`setup({ types: … })` emptied: types exist for the compiler only (xstate's `setup()` never reads them)."];

function rulesSection(book: RuleBook | undefined, referenceFile: string): string {
  if (!book && fs.existsSync(path.join(root, referenceFile)))
    return `Every generated path is checked step by step against ${code(referenceFile)}, written from the spec; its rules are not listed here in words yet (it exports no RuleBook).`;
  if (!book) return '_No reference yet: the paths are checked against the machine itself._';
  const byState = new Map<string, string[]>();
  for (const { state, text } of Object.values(book.rules)) byState.set(state, [...(byState.get(state) ?? []), text]);
  const rows = [...byState].flatMap(([state, texts]) => texts.map((text, index) => [index === 0 ? code(state) : '', text]));
  const equivalent = (book.equivalentMutants ?? []).map(({ mutant, why }) => `- \`${mutant}\`: ${why}`);
  return [
    `From ${code(referenceFile)}, written from ${book.source}; it does not import the machine. Every generated path is played on the machine and on this reference, and after each step the view, the events emitted and the actor calls (with their inputs) must be the same; every rule below must be applied by at least one path.`,
    '',
    markdownTable(['State', 'Rule checked there'], rows),
    '',
    '### Equivalent mutants',
    '',
    'Mutants StrykerJS leaves alive that change nothing observable (scores: [docs/mutation/scores.md](../mutation/scores.md)):',
    '',
    ...equivalent,
    ...commonEquivalentMutants.map((text) => `- ${text}`),
  ].join('\n');
}

/** The comment a file opens with: its rules. */
function leadingComment(source: string): string {
  const lines: string[] = [];
  for (const line of source.split('\n')) {
    if (!line.startsWith('//')) break;
    const text = line.replace(/^\/\/ ?/, '');
    // Markdown wants a blank line between a paragraph and the list after it.
    if (text.startsWith('- ') && lines.length && !lines.at(-1)!.startsWith('- ') && !lines.at(-1)!.startsWith('  ')) lines.push('');
    lines.push(text);
  }
  return lines.join('\n');
}

/** The comment's first sentence, for the index. */
export function firstSentence(comment: string): string {
  const prose = comment
    .split('\n')
    .filter((_, index, lines) => !lines.slice(0, index + 1).some((line) => line.startsWith('- ')))
    .join(' ');
  const end = prose.search(/\.(\s|$)/);
  return (end === -1 ? prose : prose.slice(0, end + 1)).replace(/\s+/g, ' ').trim();
}

export function shortId(machine: AnyStateMachine, id: string): string {
  return id === machine.id ? machine.id : id.slice(machine.id.length + 1);
}

function mermaidName(machine: AnyStateMachine, id: string): string {
  return shortId(machine, id).replaceAll('.', '_');
}

export function eventLabel(eventType: string): string {
  if (eventType === '') return 'always';
  const parts = eventType.split('.');
  if (parts[0] !== 'xstate') return eventType;
  if (parts[1] === 'done' && parts[2] === 'actor') return `${parts.slice(3).join('.')} done`;
  if (parts[1] === 'error' && parts[2] === 'actor') return `${parts.slice(3).join('.')} error`;
  if (parts[1] === 'after') return `after ${parts[2]}`;
  return eventType;
}

export function edgeLabel(edge: Edge): string {
  return `${eventLabel(edge.eventType)}${edge.guard ? ` [${edge.guard}]` : ''}`;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states ?? {}) as AnyStateNode[];
}

export function allNodes(node: AnyStateNode): AnyStateNode[] {
  return children(node).flatMap((child) => [child, ...allNodes(child)]);
}

function stateChart(machine: AnyStateMachine, edges: Edge[]): string {
  const lines = ['stateDiagram-v2'];
  const render = (node: AnyStateNode, indent: string) => {
    const kids = children(node);
    if (node.initial?.target?.[0]) lines.push(`${indent}[*] --> ${mermaidName(machine, node.initial.target[0].id)}`);
    for (const child of kids) {
      if (children(child).length) {
        lines.push(`${indent}state ${mermaidName(machine, child.id)} {`);
        render(child, `${indent}  `);
        lines.push(`${indent}}`);
      }
      if (child.type === 'final') lines.push(`${indent}${mermaidName(machine, child.id)} --> [*]`);
    }
  };
  render(machine.root, '  ');
  // Transitions of the machine itself apply in every state; they are listed under the chart.
  for (const edge of edges.filter((e) => e.source !== machine.id))
    lines.push(`  ${mermaidName(machine, edge.source)} --> ${mermaidName(machine, edge.target)} : ${edgeLabel(edge)}`);
  return lines.join('\n');
}

/** A Markdown table padded to the widest cell, as the repository's formatter (biome) lays tables out. */
/**
 * The columns a cell takes as Biome's Markdown formatter measures them: combining marks take none,
 * an Arabic lam-alef pair one (a ligature); so a table with Arabic names is already formatted.
 */
function displayWidth(text: string): number {
  return [...text.replace(/\p{M}/gu, '').replace(/\u0644[\u0622\u0623\u0625\u0627]/g, 'x')].length;
}

export function markdownTable(header: string[], rows: string[][]): string {
  if (!rows.length) return '_None._';
  const cellText = (cell: string) => cell.replaceAll('|', '\\|').replaceAll('\n', ' ');
  const body = [header, ...rows].map((row) => row.map(cellText));
  const widths = header.map((_, column) => Math.max(3, ...body.map((row) => displayWidth(row[column] ?? ''))));
  const line = (row: string[]) => `| ${row.map((cell, column) => cell + ' '.repeat(widths[column]! - displayWidth(cell))).join(' | ')} |`;
  return [line(body[0]!), line(widths.map((width) => '-'.repeat(width))), ...body.slice(1).map(line)].join('\n');
}

const code = (text: string) => `\`${text}\``;

function machinePage(info: MachineInfo): string {
  const { machine, edges, model, reference } = info;
  const file = path.join(root, info.file);
  const nodes = allNodes(machine.root);
  // The machine's own transitions and invocations apply whatever the state.
  const short = (id: string) => (id === machine.id ? 'any state' : code(shortId(machine, id)));
  const rootEdges = edges.filter((edge) => edge.source === machine.id);
  const everyState = rootEdges.length
    ? `\n\nIn every state: ${rootEdges.map((edge) => `${code(edgeLabel(edge))} → ${edge.target === machine.id ? 'same state' : short(edge.target)}`).join(', ')}.`
    : '';
  const transitionsOf = (predicate: (edge: Edge) => boolean) =>
    edges
      .filter(predicate)
      .map((edge) => `${short(edge.source)} → ${short(edge.target)}`)
      .join(', ');

  const stateRows = nodes.map((node) => [
    short(node.id),
    node.type,
    (node.invoke as Array<{ id: string }>).map((invoke) => code(invoke.id)).join(', '),
    edges
      .filter((edge) => edge.source === node.id)
      .map((edge) => code(eventLabel(edge.eventType)))
      .filter((label, index, all) => all.indexOf(label) === index)
      .join(', '),
  ]);
  const eventTypes = [...new Set(edges.map((edge) => edge.eventType).filter((type) => type !== '' && !type.startsWith('xstate.')))];
  const eventRows = eventTypes.map((type) => [code(type), transitionsOf((edge) => edge.eventType === type)]);
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

  let pathsSection = '_No test model: add a sibling `.model.ts` exporting a `MachineModel`._';
  if (model && info.paths) {
    const paths = info.paths;
    const missing = uncoveredEdges(machine, paths);
    pathsSection = [
      `Generated by \`xstate/graph\` (shortest paths) from ${code(path.relative(root, file).replace('.machine.ts', '.model.ts'))}; the machine suite plays each one against the running actor with fake actors${reference.book ? ', checking every step against the reference (above)' : ''}. ${paths.length} paths cover ${edges.length - missing.length} of ${edges.length} transitions.`,
      '',
      ...paths.map((p, index) => `${index + 1}. ${p.title}`),
      ...(missing.length ? ['', `Not covered: ${missing.map(edgeLabel).join(', ')}`] : []),
    ].join('\n');
  }

  return `<!-- Generated by scripts/generate-docs.ts from ${path.relative(root, file)}; do not edit. -->
# \`${machine.id}\` machine

Source: [${path.relative(root, file)}](../../${path.relative(root, file)})

${info.comment}

## State chart

\`\`\`mermaid
${stateChart(machine, edges)}
\`\`\`${everyState}

## States

${markdownTable(['State', 'Kind', 'Invokes', 'Leaves on'], stateRows)}

## Events

${markdownTable(['Event', 'Transitions'], eventRows)}

## Guards

${markdownTable(['Guard', 'Transitions'], guardRows)}

## Actors

Named here, supplied with \`.provide()\` by \`src/app\` (real effects: \`system.ts\`, \`shell-actors.ts\`) and by the tests (fakes).

${markdownTable(['Actor', 'Invoked in'], actorRows)}

## Delays

${markdownTable(['Delay', 'Value', 'Transitions'], delayRows)}

## Rules checked, per state

${rulesSection(reference.book, reference.file)}

## Test paths

${pathsSection}
`;
}

/** Everything a machine's pages (Markdown and site) are made of, read once. */
export interface MachineInfo {
  machine: AnyStateMachine;
  /** The machine file, relative to the repository root. */
  file: string;
  /** The folder under machines/ (account, shell, ...). */
  area: string;
  source: string;
  comment: string;
  model: MachineModel | undefined;
  paths: ModelPath[] | undefined;
  edges: Edge[];
  reference: { book: RuleBook | undefined; file: string };
}

export async function collectMachines(): Promise<MachineInfo[]> {
  const machines: MachineInfo[] = [];
  for (const file of machineFiles()) {
    const source = fs.readFileSync(file, 'utf8');
    const module = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    const modelFile = file.replace(/\.machine\.ts$/, '.model.ts');
    const models = fs.existsSync(modelFile)
      ? Object.values((await import(pathToFileURL(modelFile).href)) as Record<string, unknown>).filter(isModel)
      : [];
    const referenceFile = path.join(root, 'tests/machines/reference', path.basename(file).replace(/\.machine\.ts$/, '.reference.ts'));
    const books = fs.existsSync(referenceFile)
      ? Object.values((await import(pathToFileURL(referenceFile).href)) as Record<string, unknown>).filter(isRuleBook)
      : [];
    const relative = path.relative(root, file);
    for (const machine of Object.values(module).filter(isMachine)) {
      const model = models.find((candidate) => candidate.machine === machine);
      machines.push({
        machine,
        file: relative,
        area: relative.split(path.sep)[1] ?? '',
        source,
        comment: leadingComment(source),
        model,
        paths: model ? modelPaths(model) : undefined,
        edges: machineEdges(machine),
        reference: { book: books[0], file: path.relative(root, referenceFile) },
      });
    }
  }
  return machines;
}

export function generateMachineDocs(machines: MachineInfo[]): Array<[string, string]> {
  const pages: Array<[string, string]> = [];
  const index: string[] = [];
  for (const info of machines) {
    const { machine } = info;
    pages.push([`docs/machines/${machine.id}.md`, machinePage(info)]);
    index.push(`- [\`${machine.id}\`](${machine.id}.md) (${info.file}): ${firstSentence(info.comment)}`);
  }
  if (pages.length) {
    pages.push([
      'docs/machines/README.md',
      `<!-- Generated by scripts/generate-docs.ts; do not edit. -->
# Machines

One page per machine: its state chart, states, events, guards, actors, delays and the model-based
test paths the machine suite drives. Regenerate with \`npm run docs\`.

${index.join('\n')}
`,
    ]);
  }
  return pages;
}
