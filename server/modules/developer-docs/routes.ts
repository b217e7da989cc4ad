// The machine documentation site (docs/site/, built by `npm run docs`) served by the product at
// /docs/machines/ for signed-in users holding Finance.Developer.Docs (issue 12), so QA on a shared
// environment needs nothing installed. Rules:
// - A page is a plain browser navigation, without the SPA's bearer token, so the credential is a
//   cookie: the SPA's 'Machine docs' entry calls POST /api/finance/developer-docs/access with its
//   token, which checks the permission and sets `finance.docs` (HttpOnly, SameSite=Strict, path
//   /docs, Secure over https), a stateless signed token of the download-token kind
//   (identity/download-token.ts, purpose 'developer-docs') that lives 8 hours.
// - Every page request re-checks the cookie's user (live, active, in an active tenant, still holding
//   the permission); without a valid cookie a page answers 302 to the SPA's /docs/open, which
//   asks for access again (or says the permission is missing).
// - Only the files the generator writes are served: a flat name of letters, digits, '-' and '_'
//   with .html, .css or .js, that exists in the site folder; anything else is 404.
// - The permission is host side and off by default: the seeder grants it to the host admin only.
import fs from 'node:fs';
import path from 'node:path';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../errors.ts';
import { issueDownloadToken, redeemDownloadToken } from '../identity/download-token.ts';

export const developerDocsPermission = 'Finance.Developer.Docs';
export const docsCookie = 'finance.docs';
export const docsAccessLifetimeMs = 8 * 60 * 60_000;
/** Where the SPA asks for access (src/screens/developer-docs; a path no server route takes, so the SPA answers it). */
export const docsEntryPage = '/docs/open';
export const docsSiteDir = path.resolve(import.meta.dirname, '../../../docs/site');

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
};
const fileName = /^[A-Za-z0-9_-]{1,100}\.(html|css|js)$/;

const tags = ['DeveloperDocs'];
const FileParams = Type.Object({ file: Type.String({ maxLength: 120 }) });
const Page = Type.String();

export async function developerDocsRoutes(fastify: FastifyInstance, ctx: AppContext) {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/finance/developer-docs/access',
    {
      schema: { tags, body: Type.Optional(Type.Object({}, { additionalProperties: false })), response: { 204: Type.Null() } },
      config: { auth: { permission: developerDocsPermission } },
    },
    async (request, reply) => {
      // A browser cookie for a signed-in user; a client's token (ADR 0023) has no user to hand it to.
      const user = request.currentUser;
      if (!user) throw forbidden();
      const token = issueDownloadToken(ctx, {
        purpose: 'developer-docs',
        userId: user.id,
        tenantId: request.tenant?.id ?? null,
        lifetimeMs: docsAccessLifetimeMs,
      });
      reply.setCookie(docsCookie, token, {
        path: '/docs',
        httpOnly: true,
        sameSite: 'strict',
        secure: ctx.config.issuer.startsWith('https:'),
        maxAge: docsAccessLifetimeMs / 1000,
      });
      return reply.status(204).send(null);
    },
  );

  // The pages answer with `return reply` (the untyped instance): an async handler that only calls
  // send() ends before the compression hook has written the body (an empty br answer).
  const serve = async (request: FastifyRequest, reply: FastifyReply, file: string): Promise<FastifyReply> => {
    const token = request.cookies?.[docsCookie];
    const allowed = token
      ? await redeemDownloadToken(ctx, token, 'developer-docs', developerDocsPermission).then(
          () => true,
          () => false,
        )
      : false;
    if (!allowed) return reply.redirect(docsEntryPage, 302);
    const full = path.join(docsSiteDir, file);
    if (!fileName.test(file) || !fs.existsSync(full)) throw notFound('DeveloperDocsPage', file);
    reply.header('content-type', contentTypes[path.extname(file)]!);
    reply.header('cache-control', 'private, no-cache');
    return reply.send(await fs.promises.readFile(full, 'utf8'));
  };
  // Credential: the docs cookie, checked by `serve` (a navigation carries no bearer token).
  const byCookie = { auth: { anonymous: true as const } };
  // The server ignores a trailing slash; the site's relative links need it.
  fastify.get(
    '/docs/machines/',
    { schema: { tags, response: { 200: Page, 302: Type.Null() } }, config: byCookie },
    async (request, reply) =>
      request.url.split('?')[0]!.endsWith('/') ? serve(request, reply, 'index.html') : reply.redirect('/docs/machines/', 302),
  );
  fastify.get(
    '/docs/machines/:file',
    { schema: { tags, params: FileParams, response: { 200: Page, 302: Type.Null() } }, config: byCookie },
    async (request, reply) => serve(request, reply, (request.params as { file: string }).file),
  );
  // The replay viewer is a page of the site.
  fastify.get('/docs/replay', { schema: { tags, response: { 302: Type.Null() } }, config: byCookie }, async (_request, reply) =>
    reply.redirect('/docs/machines/replay.html', 302),
  );
}
