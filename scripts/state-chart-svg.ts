// A machine's state chart as SVG, laid out at build time in Node by @dagrejs/dagre (MIT; the layout
// engine Mermaid itself uses), from the machine definition: no browser and no Mermaid source. Rules:
// - Every state is a box (a final state has a double border); a compound or parallel state is a
//   dashed frame around its children with its name on top, and transitions to or from it attach to
//   a rounded tag with its name inside the frame. Every initial state gets a dot and an arrow from it.
// - Transitions of the machine itself (valid in every state) are not drawn: the page lists them.
// - Text widths are computed, not measured: labels use a monospace font of known advance, so the
//   same machine always gives the same bytes (CI compares the site byte for byte).
// - Each state's group carries `data-state` (its id relative to the machine, dots between levels),
//   so a page can highlight the state an actor is in (the replay viewer does).
import dagre from '@dagrejs/dagre';
import type { AnyStateMachine, AnyStateNode } from 'xstate';
import type { Edge } from '../machines/testing/model-paths.ts';

const stateFont = 12;
const edgeFont = 11;
/** Advance of one character of the monospace font, in em. */
const advance = 0.6;

export interface ChartOptions {
  /** The label of a transition, e.g. `theme.select [isOtherOfferedStyle]`. */
  label(edge: Edge): string;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states ?? {}) as AnyStateNode[];
}

export function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

const round = (value: number) => Math.round(value * 10) / 10;
const textWidth = (text: string, size: number) => [...text].length * size * advance;

export function stateChartSvg(machine: AnyStateMachine, edges: Edge[], options: ChartOptions): string {
  const marker = `arrow-${machine.id}`;
  const relative = (id: string) => (id === machine.id ? '' : id.slice(machine.id.length + 1));
  const graph = new dagre.graphlib.Graph({ compound: true, multigraph: true });
  graph.setGraph({ rankdir: 'TB', nodesep: 28, ranksep: 44, edgesep: 12, marginx: 12, marginy: 30 });
  graph.setDefaultEdgeLabel(() => ({}));

  const compound = new Set<string>();
  // Self-transitions are drawn by hand as a loop on the right of their state, whose labels get room
  // there (dagre's own self-loops come out detached from the box).
  const loops = new Map<string, string[]>();
  const boxWidth = new Map<string, number>();
  const sized = (id: string, box: number, height: number) => {
    boxWidth.set(id, box);
    const labels = loops.get(id) ?? [];
    const extra = labels.length ? 30 + Math.max(...labels.map((label) => textWidth(label, edgeFont))) : 0;
    return { width: box + extra, height: Math.max(height, labels.length * 14 + 6) };
  };
  const finals = new Set<string>();
  const initials: string[] = [];
  const place = (node: AnyStateNode, parent: string | undefined) => {
    for (const child of children(node)) {
      const id = child.id;
      if (children(child).length) {
        compound.add(id);
        graph.setNode(id, {});
        const title = `${id}#title`;
        graph.setNode(title, sized(title, textWidth(child.key, stateFont) + 16, 20));
        graph.setParent(title, id);
        if (parent) graph.setParent(id, parent);
        place(child, id);
      } else {
        if (child.type === 'final') finals.add(id);
        graph.setNode(id, sized(id, Math.max(56, textWidth(child.key, stateFont) + 24), 32));
        if (parent) graph.setParent(id, parent);
      }
    }
    const initial = node.initial?.target?.[0];
    if (initial) {
      const dot = `${node.id}#initial`;
      initials.push(dot);
      graph.setNode(dot, { width: 12, height: 12 });
      if (parent) graph.setParent(dot, parent);
      graph.setEdge(dot, anchor(initial.id), {}, `${dot}>`);
    }
  };
  const anchor = (id: string) => (compound.has(id) ? `${id}#title` : id);
  // Compound states must be known before any edge names them.
  const markCompound = (node: AnyStateNode) => {
    for (const child of children(node)) {
      if (children(child).length) {
        compound.add(child.id);
        markCompound(child);
      }
    }
  };
  markCompound(machine.root);
  const drawn = edges.filter((edge) => edge.source !== machine.id);
  for (const edge of drawn)
    if (anchor(edge.source) === anchor(edge.target))
      loops.set(anchor(edge.source), [...(loops.get(anchor(edge.source)) ?? []), options.label(edge)]);
  place(machine.root, undefined);

  drawn.forEach((edge, index) => {
    if (anchor(edge.source) === anchor(edge.target)) return;
    const text = options.label(edge);
    graph.setEdge(
      anchor(edge.source),
      anchor(edge.target),
      { label: text, width: textWidth(text, edgeFont) + 6, height: 16, labelpos: 'c' },
      `e${index}`,
    );
  });

  dagre.layout(graph);
  /** The self-transitions of a node: a loop off the right of its box, the labels beside it. */
  const loopSvg = (id: string, node: { x: number; y: number; width: number }): string[] => {
    const labels = loops.get(id);
    if (!labels) return [];
    const right = node.x - node.width / 2 + boxWidth.get(id)!;
    const y = node.y;
    return [
      `<g class="transition"><path d="M${round(right)} ${round(y - 6)}C${round(right + 24)} ${round(y - 20)} ${round(right + 24)} ${round(y + 20)} ${round(right + 2)} ${round(y + 7)}" marker-end="url(#${escapeXml(marker)})"/>`,
      ...labels.map(
        (label, index) =>
          `<text x="${round(right + 28)}" y="${round(y + 4 + (index - (labels.length - 1) / 2) * 14)}" class="transition-label">${escapeXml(label)}</text>`,
      ),
      '</g>',
    ];
  };
  const size = graph.graph() as { width?: number; height?: number };
  const width = round(size.width ?? 0);
  const height = round(size.height ?? 0);
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-labelledby="chart-title-${escapeXml(machine.id)}">`,
    `<title id="chart-title-${escapeXml(machine.id)}">State chart of the ${escapeXml(machine.id)} machine</title>`,
    `<defs><marker id="${escapeXml(marker)}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" class="arrowhead"/></marker></defs>`,
  ];
  // Frames first (outer before inner), then transitions, then states on top.
  const depth = (id: string) => id.split('.').length;
  for (const id of [...compound].sort((a, b) => depth(a) - depth(b) || a.localeCompare(b))) {
    const box = graph.node(id);
    const title = graph.node(`${id}#title`);
    const titleLeft = title.x - title.width / 2;
    const titleWidth = boxWidth.get(`${id}#title`)!;
    const name = escapeXml(id.split('.').at(-1)!);
    const top = box.y - box.height / 2 - 18;
    out.push(
      `<g class="state compound" data-state="${escapeXml(relative(id))}"><rect x="${round(box.x - box.width / 2)}" y="${round(top)}" width="${round(box.width)}" height="${round(box.height + 18)}" rx="10"/><text x="${round(box.x - box.width / 2 + 8)}" y="${round(top + 14)}" class="state-name compound-name">${name}</text><rect class="entry" x="${round(titleLeft)}" y="${round(title.y - 10)}" width="${round(titleWidth)}" height="20" rx="10"/><text x="${round(titleLeft + titleWidth / 2)}" y="${round(title.y + 4)}" text-anchor="middle" class="state-name">${name}</text></g>`,
      ...loopSvg(`${id}#title`, title),
    );
  }
  for (const edgeRef of graph.edges()) {
    const edge = graph.edge(edgeRef) as { points: Array<{ x: number; y: number }>; label?: string; x?: number; y?: number };
    const points = edge.points.map((point) => `${round(point.x)} ${round(point.y)}`);
    const path = `M${points.join('L')}`;
    out.push(`<g class="transition"><path d="${path}" marker-end="url(#${escapeXml(marker)})"/>`);
    if (edge.label && edge.x !== undefined && edge.y !== undefined) {
      const w = textWidth(edge.label, edgeFont) + 6;
      out.push(
        `<rect class="label-bg" x="${round(edge.x - w / 2)}" y="${round(edge.y - 8)}" width="${round(w)}" height="16" rx="3"/><text x="${round(edge.x)}" y="${round(edge.y + 4)}" text-anchor="middle" class="transition-label">${escapeXml(edge.label)}</text>`,
      );
    }
    out.push('</g>');
  }
  for (const dot of initials) {
    const node = graph.node(dot);
    out.push(`<circle class="initial" cx="${round(node.x)}" cy="${round(node.y)}" r="6"/>`);
  }
  for (const id of graph.nodes()) {
    if (id.includes('#') || compound.has(id)) continue;
    const node = graph.node(id);
    const width = boxWidth.get(id)!;
    const x = round(node.x - node.width / 2);
    const y = round(node.y - 16);
    const inner = finals.has(id)
      ? `<rect class="final-inner" x="${round(x + 3)}" y="${round(y + 3)}" width="${round(width - 6)}" height="26" rx="6"/>`
      : '';
    out.push(
      `<g class="state" data-state="${escapeXml(relative(id))}"><rect x="${x}" y="${y}" width="${round(width)}" height="32" rx="8"/>${inner}<text x="${round(x + width / 2)}" y="${round(node.y + 4)}" text-anchor="middle" class="state-name">${escapeXml(id.split('.').at(-1)!)}</text></g>`,
      ...loopSvg(id, node),
    );
  }
  out.push('</svg>');
  return out.join('\n');
}
