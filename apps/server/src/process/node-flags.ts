/**
 * V8 flags every server process runs with. `--max-semi-space-size=16` caps the young generation
 * at 2 × 16 MB: left to itself V8 grows it to 2 × 64 MB on a machine with this much memory, and
 * keeps it, so an idle server held about 300 MB where it now holds about 190 MB, for the same CPU
 * per request (docs/storefront-caching.md "Measured"). A flag the command line already gives wins.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=16'];

/** `execArgv` with each server flag whose name it does not already set. */
export function withServerNodeFlags(execArgv: readonly string[]): string[] {
  const named = (flag: string) => flag.split('=')[0]!;
  const given = new Set(execArgv.map(named));
  return [...execArgv, ...SERVER_NODE_FLAGS.filter((flag) => !given.has(named(flag)))];
}
