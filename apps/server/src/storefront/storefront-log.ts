import type { FastifyBaseLogger } from 'fastify';

/** The little the storefront logs: Fastify's request logger and the process logger both fit. */
export type StorefrontLog = Pick<FastifyBaseLogger, 'warn' | 'error'>;
