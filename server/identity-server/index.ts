// STUB (to be replaced by the identity server): accepts no token, mounts nothing.
import type { FastifyPluginAsync } from 'fastify';
import type { AccessTokenVerifier, AppContext } from '../context.ts';

export interface IdentityServer {
  tokens: AccessTokenVerifier;
  plugin: FastifyPluginAsync;
  close(): Promise<void>;
}

export async function createIdentityServer(_ctx: AppContext): Promise<IdentityServer> {
  return { tokens: { verify: async () => null }, plugin: async () => {}, close: async () => {} };
}
