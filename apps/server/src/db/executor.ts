import type { Database } from './client.ts';

/** A Drizzle transaction of our database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The database or a transaction on it. Functions that write take one, so their rows (and the jobs
 * and notifications they cause) commit with the caller's transaction.
 */
export type Executor = Database | Transaction;
