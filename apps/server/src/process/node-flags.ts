/**
 * V8 flags every server process runs with (docs/storefront-caching.md "Memory"), measured with
 * 10,000 stores under a Zipf load. A flag the command line already gives wins.
 * - `--max-semi-space-size=8` caps the young generation at 2 × 8 MB: left to itself V8 grows it to
 *   2 × 64 MB on a machine with this much memory, and keeps it.
 * - `--min-semi-space-size=4` starts it at 2 × 4 MB instead of 2 × 1 MB. A storefront page
 *   allocates about 8 KB, nearly all dead by the next young collection, and V8 never grows a young
 *   generation whose objects die: at 2,500 pages a second it collected 12–18 times a second, each
 *   pause mostly a fixed cost (the roots), and now does 6 (docs/analytics.md "Fewer, larger young
 *   collections"). Idle memory measured the same (150–155 MB against 151–154); 8 MB halved the
 *   collections again but held 30 MB more at idle.
 * - `--heap-growing-percent=40` lets the old generation grow 1.4 times its live size before the
 *   next full collection: V8's own factor (up to 4 times) left 75 MB or more of garbage in the
 *   server's memory under load. The collections it adds run concurrently, beside the requests.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=8', '--min-semi-space-size=4', '--heap-growing-percent=40'];

/**
 * Environment every server process starts with; the C library reads it at exec, so launchers pass
 * it (npm start, the systemd unit, the cluster's forks, the bench). `MALLOC_ARENA_MAX=2`: glibc
 * otherwise gives each thread that allocates (libuv's pool compressing pages, V8's helpers) an
 * arena of its own, up to 8 per core, and keeps what each freed; about 60 MB of the server's
 * memory under load was such kept memory. A value the environment already has wins.
 */
export const SERVER_PROCESS_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '2' };

/** `execArgv` with each server flag whose name it does not already set. */
export function withServerNodeFlags(execArgv: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0]!;
  const given = new Set(execArgv.map(named));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((flag) => !given.has(named(flag)))];
}

/** `env` with each SERVER_PROCESS_ENV variable it does not already set. */
export function withServerProcessEnv<T extends Record<string, string | undefined>>(env: T): T & Record<string, string> {
  const added = Object.fromEntries(Object.entries(SERVER_PROCESS_ENV).filter(([name]) => env[name] === undefined));
  return { ...env, ...added } as T & Record<string, string>;
}
