// Renders the mail the product sends from its text templates, in the recipient's culture. Rules:
// - the mail's body is the template (the owner's edit for that culture, else its inline edit, else
//   the default), placed in the layout template (the same owner's, same resolution);
// - the subject is a text of the template's resource; the plain-text part is the body as text;
// - texts ({{ "Key" | L }} and the subject) are the owner's language-management edits for that
//   culture where there are some, else the shipped texts;
// - a mail is never lost to a template: if the stored template or layout fails to render (or the
//   database cannot be read), the defaults are rendered and the failure is logged (save refuses a
//   template that does not parse or render with the sample model, so this is a last resort);
// - the preview renders through the same path with the template's sample model.
import type { AppContext } from '../../context.ts';
import { formatText, localize } from '../../localization/index.ts';
import { isRightToLeftCulture } from '../language-management/cultures.ts';
import { textOverrides } from '../language-management/overrides.ts';
import { findDefinition, layoutTemplateName, type MailTemplateName, type TemplateDefinition } from './definitions.ts';
import { renderContent } from './engine.ts';
import { effectiveContent } from './store.ts';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
}

const directionOf = (culture: string) => (isRightToLeftCulture(culture) ? 'rtl' : 'ltr');

function subjectOf(
  definition: TemplateDefinition,
  culture: string,
  model: Record<string, unknown>,
  texts: Record<string, Record<string, string>>,
): string {
  if (!definition.subject) return '';
  const params = definition.subject.params.map((field) => String(model[field] ?? ''));
  const edited = texts[definition.resource]?.[definition.subject.key];
  return edited !== undefined
    ? formatText(edited, params)
    : localize(culture, `${definition.resource}::${definition.subject.key}`, ...params);
}

const sampleBodyTemplate = () => findDefinition('Abp.Account.PasswordResetLink')!;

/**
 * Renders `content` as `definition` would be sent: a mail template in the owner's layout (or the
 * default layout when `defaultsOnly`), a layout around a sample mail. Throws the engine's error.
 */
export async function renderDocument(
  ctx: AppContext,
  tenantId: string | null,
  definition: TemplateDefinition,
  culture: string,
  content: string,
  model: Record<string, unknown>,
  defaultsOnly = false,
): Promise<RenderedMail> {
  const common = { culture, dir: directionOf(culture) };
  // The texts the owner edited in language management for this culture (the send-time fallback
  // reads none: it must not fail).
  const texts = defaultsOnly ? {} : await textOverrides(ctx, tenantId, culture);
  if (definition.isLayout) {
    const sample = sampleBodyTemplate();
    const body = await renderContent(sample.defaultContent, {
      culture,
      resource: sample.resource,
      texts,
      values: { ...common, model: sample.sample },
    });
    const html = await renderContent(content, { culture, resource: definition.resource, texts, values: { ...common, content: body } });
    return { subject: subjectOf(sample, culture, sample.sample, texts), html, text: htmlToText(body) };
  }
  const body = await renderContent(content, { culture, resource: definition.resource, texts, values: { ...common, model } });
  const layout = definition.layout ? findDefinition(definition.layout) : undefined;
  let html = body;
  if (layout) {
    const layoutContent = defaultsOnly ? layout.defaultContent : (await effectiveContent(ctx.db, tenantId, layout, culture)).content;
    html = await renderContent(layoutContent, { culture, resource: layout.resource, texts, values: { ...common, content: body } });
  }
  return { subject: subjectOf(definition, culture, model, texts), html, text: htmlToText(body) };
}

/**
 * The mail of `template` for one recipient: the owner's (tenant's or host's) templates in `culture`,
 * falling back to the defaults (logged) when they cannot be rendered.
 */
export async function renderMail(
  ctx: AppContext,
  input: { tenantId: string | null; culture: string; template: MailTemplateName; model: Record<string, unknown> },
): Promise<RenderedMail> {
  const definition = findDefinition(input.template);
  if (!definition) throw new Error(`unknown text template ${input.template}`);
  try {
    const { content } = await effectiveContent(ctx.db, input.tenantId, definition, input.culture);
    return await renderDocument(ctx, input.tenantId, definition, input.culture, content, input.model);
  } catch (error) {
    ctx.log.error(
      { err: error, template: input.template, tenantId: input.tenantId, culture: input.culture },
      'text template could not be rendered: the mail is sent with the default template',
    );
    return renderDocument(ctx, input.tenantId, definition, input.culture, definition.defaultContent, input.model, true);
  }
}

export { layoutTemplateName };

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return entities[name.toLowerCase()] ?? whole;
  });
}

/** The plain-text part of a rendered body: links as "text: address", paragraphs as blank lines. */
export function htmlToText(html: string): string {
  const stripped = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<a\s[^>]*?href\s*=\s*"([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, inner: string) => {
      const label = inner.replace(/<[^>]+>/g, '').trim();
      return label && label !== href ? `${label}: ${href}` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '');
  return `${decodeEntities(stripped)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`;
}
