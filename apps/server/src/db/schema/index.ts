/** The whole database schema (one file per domain). Migrations are generated from it by drizzle-kit. */
export * from './users.ts';
export * from './devices.ts';
export * from './electricians.ts';
export * from './firmware.ts';
export * from './storefront.ts';
export * from './auth-throttle.ts';
export * from './audit.ts';
export * from './two-factor.ts';
export * from './stats.ts';
export * from './oauth.ts';
export * from './device-plane.ts';
export * from './rollouts.ts';
export * from './fulfilment.ts';
export * from './job-leases.ts';
