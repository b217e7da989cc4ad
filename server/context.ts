// The composition root's view of the server: configuration, database and the services that the
// cross-cutting plugins (tenant, auth, permission) and several modules share. Each service is
// created by its module's factory in app.ts; modules reach each other only through this object.
import type { FastifyBaseLogger } from 'fastify';
import type { AuditService } from './audit/index.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { Secrets } from './secrets.ts';

export interface TenantInfo {
  id: string;
  name: string;
  normalizedName: string;
  isActive: boolean;
  editionId: string | null;
}

/** The signed-in caller, from a verified access token whose session is still live. */
export interface CurrentUser {
  id: string;
  tenantId: string | null;
  userName: string;
  name: string | null;
  surName: string | null;
  email: string | null;
  emailVerified: boolean;
  phoneNumber: string | null;
  phoneNumberVerified: boolean;
  roles: string[];
  sessionId: string | null;
  clientId: string | null;
  rememberMe: boolean;
  impersonatorUserId: string | null;
  impersonatorTenantId: string | null;
  impersonatorUserName: string | null;
  impersonatorTenantName: string | null;
}

export interface TenantStore {
  findById(id: string): Promise<TenantInfo | null>;
  findByName(name: string): Promise<TenantInfo | null>;
}

export interface AccessTokenVerifier {
  /** Verifies signature, issuer, audience, expiry and type; null when the token is not acceptable. */
  verify(token: string): Promise<Record<string, unknown> | null>;
}

/** An OAuth client calling with its own client-credentials token: no user (ADR 0023). */
export interface CurrentClient {
  clientId: string;
}

export interface PermissionChecker {
  isGranted(user: CurrentUser | null, tenantId: string | null, name: string): Promise<boolean>;
  /** Whether the client holds the permission (provider C, granted on the host) in this tenant. */
  isGrantedToClient(client: CurrentClient | null, tenantId: string | null, name: string): Promise<boolean>;
  /** Every permission the caller holds, for application-configuration's auth.grantedPolicies. */
  grantedNames(user: CurrentUser | null, tenantId: string | null): Promise<string[]>;
  /** Every permission a client holds in this tenant (provider C on the host), for the same list. */
  grantedNamesToClient(client: CurrentClient | null, tenantId: string | null): Promise<string[]>;
}

export interface FeatureChecker {
  getValue(tenantId: string | null, name: string): Promise<string | null>;
  isEnabled(tenantId: string | null, name: string): Promise<boolean>;
}

export interface SettingProvider {
  /** Resolved value (user, then tenant, then global, then the definition's default). */
  getValue(name: string, scope: { tenantId: string | null; userId?: string | null }): Promise<string | null>;
}

export interface SecurityLogEntry {
  tenantId: string | null;
  tenantName?: string | null;
  identity: string;
  action: string;
  userId?: string | null;
  userName?: string | null;
  clientId?: string | null;
  correlationId?: string | null;
  clientIpAddress?: string | null;
  browserInfo?: string | null;
  extraProperties?: Record<string, unknown>;
}

export interface SecurityLogWriter {
  write(entry: SecurityLogEntry): Promise<void>;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** Drops cached data across every server instance (permission grants, tenants, settings). */
export interface CacheBus {
  publish(topic: string, key?: string): Promise<void>;
  subscribe(topic: string, onInvalidate: (key: string | undefined) => void): void;
  /** False while this instance may be missing notifications (its listener is lost): caches are not to be trusted. */
  readonly reliable: boolean;
  /** Drops every cache of this instance. */
  dropAll(): void;
  /**
   * Resolves when every listening instance has received every notification committed before the
   * call (so has dropped what those changes made stale), or after a bounded wait (server/cache.ts).
   */
  fence(): Promise<void>;
}

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  secrets: Secrets;
  log: FastifyBaseLogger;
  cache: CacheBus;
  mailer: Mailer;
  tenants: TenantStore;
  tokens: AccessTokenVerifier;
  permissions: PermissionChecker;
  features: FeatureChecker;
  settings: SettingProvider;
  securityLog: SecurityLogWriter;
  /** Audit capture options, the batched audit log writer and the expired-log deleter. */
  audit: AuditService;
}
