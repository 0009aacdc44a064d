/**
 * How long a test that starts real processes may take, from the work it does, not from a guess.
 * Each step costs the same CPU on any machine and takes as long as the machine lets it: the suite
 * runs two workers on two cores, often beside other work. Measured at load 11–14 on these two
 * cores (a quiet machine does each in a second or two):
 * - `serverStart`: node loading the server bundle and its packages, the migration check, listening:
 *   20–58 s (the slowest right after a kill, with receipts queued for the new server).
 * - `newCluster`: initdb and the first start of a fresh embedded PostgreSQL, beyond a server start:
 *   up to 60 s (68 s for both).
 * - `cliRun`: the admin CLI process (node loading its bundle, the migration check), and
 * - `postgresStart`: the embedded PostgreSQL it starts and stops when no server runs: 16 s together.
 * - `request`: one request at a time to a server process: up to 0.1 s.
 * A test's budget is the sum for what it starts and sends: the slowest sums seen at load 17–29 used
 * under two thirds of it. It fails for a server that never comes up or a request that never ends,
 * not for a busy machine.
 */
export const PROCESS_BUDGET_MS = {
  serverStart: 60_000,
  newCluster: 120_000,
  cliRun: 30_000,
  postgresStart: 30_000,
  request: 200,
} as const;

export function processBudget(work: Partial<Record<keyof typeof PROCESS_BUDGET_MS, number>>): number {
  return Object.entries(work).reduce((total, [step, count]) => total + PROCESS_BUDGET_MS[step as keyof typeof PROCESS_BUDGET_MS] * (count ?? 0), 0);
}
