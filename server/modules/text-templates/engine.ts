// The template engine of text templates: LiquidJS, sandboxed. Rules:
// - no code execution from a template: Liquid has no expression evaluation beyond its own filters
//   and tags; properties are read as own properties only (no constructor, no prototype);
// - no file access: include, render and layout are removed (a layout is applied by the renderer,
//   not by the template), so no template can read a file or another template;
// - limits on parse size, render time and memory, so a template cannot hang or exhaust the server;
// - every {{ output }} is HTML-escaped; `| raw` opts out (the layout's {{ content | raw }});
// - unknown filters are parse errors (strictFilters), so a typo is refused on save;
// - texts: {{ "Key" | L }} or {{ "Key" | L: arg0, arg1 }} localizes a key of the template's resource
//   (or "Resource::Key") into the culture being rendered: the text language management holds for
//   the owner and culture when there is one (`texts`), else the shipped one.
import { Liquid, type Template } from 'liquidjs';
import { formatText, localize } from '../../localization/index.ts';

export const renderEngineName = 'Liquid';

export interface RenderScope {
  culture: string;
  /** The resource of `{{ "Key" | L }}` without a `Resource::` prefix. */
  resource: string;
  /** Everything the template reads: model, culture, dir, content (layouts). */
  values: Record<string, unknown>;
  /** Texts edited in language management for this owner and culture: resource -> key -> value. */
  texts?: Record<string, Record<string, string>>;
}

export type ParseResult = { ok: true; templates: Template[] } | { ok: false; line: number; column: number; message: string };

function createEngine(): Liquid {
  const engine = new Liquid({
    outputEscape: 'escape',
    ownPropertyOnly: true,
    strictFilters: true,
    strictVariables: false,
    parseLimit: 200_000,
    renderLimit: 1_000,
    memoryLimit: 10_000_000,
    relativeReference: false,
    root: [],
    partials: [],
    layouts: [],
    fs: {
      exists: async () => false,
      existsSync: () => false,
      readFile: async () => {
        throw new Error('no file access');
      },
      readFileSync: () => {
        throw new Error('no file access');
      },
      resolve: (_root: string, file: string) => file,
    },
  });
  for (const tag of ['include', 'render', 'layout', 'block']) delete (engine.tags as Record<string, unknown>)[tag];
  engine.registerFilter('L', function (this: { context: { environments: Record<string, unknown> } }, key: unknown, ...params: unknown[]) {
    const scope = this.context.environments.__scope as Pick<RenderScope, 'culture' | 'resource' | 'texts'> | undefined;
    const text = String(key ?? '');
    const culture = scope?.culture ?? 'en';
    const qualified = text.includes('::') ? text : `${scope?.resource ?? 'Finance'}::${text}`;
    const values = params.map((p) => (typeof p === 'number' ? p : String(p ?? '')));
    const [resource = '', name = ''] = qualified.split('::', 2);
    const edited = scope?.texts?.[resource]?.[name];
    return edited !== undefined ? formatText(edited, values) : localize(culture, qualified, ...values);
  });
  return engine;
}

const engine = createEngine();

/** Parses a template; a refusal names the line and column (1-based) and the engine's reason. */
export function parseTemplate(content: string): ParseResult {
  try {
    return { ok: true, templates: engine.parse(content) };
  } catch (error) {
    return { ok: false, ...positionOf(error) };
  }
}

/** The line, column and reason of an engine error (1:1 when the engine names no position). */
export function positionOf(error: unknown): { line: number; column: number; message: string } {
  const e = error as { token?: { getPosition?: () => [number, number] }; message?: string };
  const [line, column] = e.token?.getPosition?.() ?? [1, 1];
  // The engine appends ", line:L, col:C" to its reason; the position is said separately.
  const message = String(e.message ?? error).replace(/, line:\d+, col:\d+$/, '');
  return { line, column, message };
}

/** Renders parsed templates; throws the engine's error (the caller decides on the fallback). */
export async function renderParsed(templates: Template[], scope: RenderScope): Promise<string> {
  return String(
    await engine.render(templates, { ...scope.values, __scope: { culture: scope.culture, resource: scope.resource, texts: scope.texts } }),
  );
}

/** Parses and renders one content. */
export async function renderContent(content: string, scope: RenderScope): Promise<string> {
  const parsed = parseTemplate(content);
  if (!parsed.ok) throw Object.assign(new Error(parsed.message), { templatePosition: parsed });
  return renderParsed(parsed.templates, scope);
}
