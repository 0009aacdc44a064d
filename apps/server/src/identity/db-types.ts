import type { Database } from '../db/client.ts';

/** A Drizzle transaction of our database. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Either the database or a transaction on it: identity helpers run inside callers' transactions. */
export type Executor = Database | Transaction;
