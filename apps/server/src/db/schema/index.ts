export * from './users.ts';
export * from './stores.ts';
export * from './tenants.ts';
export * from './domains.ts';
export * from './admin.ts';
export * from './identity.ts';
export * from './jobs.ts';
export * from './email.ts';
