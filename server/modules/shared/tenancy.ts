// The one tenant filter every repository applies: rows of the caller's tenant only (null = host).
// An id that exists in another tenant is indistinguishable from an id that does not exist (404).
import { eq, isNull, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';

export const tenantIdOf = (request: FastifyRequest): string | null => request.tenant?.id ?? null;

export const sameTenant = (column: AnyPgColumn, tenantId: string | null): SQL => (tenantId ? eq(column, tenantId) : isNull(column));
