export * from './identity.ts';
export * from './management.ts';
export * from './oidc.ts';
export * from './tenancy.ts';
export * from './account.ts';
export * from './audit-logging.ts';
export * from './sign-in.ts';
export * from './identity-organization.ts';
