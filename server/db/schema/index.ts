export * from './identity.ts';
export * from './management.ts';
export * from './oidc.ts';
export * from './tenancy.ts';
