// Fewer, bigger chunks for the first screen of the SPA (decision 039). Over HTTP/1.1 a browser
// opens six connections to a host, so on a phone network every seventh file waits one more round
// trip: 21 small chunks before the dashboard's first screen cost three or four of them. Rolldown
// splits a module into its own chunk whenever a different set of entries reaches it, which for
// this app made a dozen chunks of 0.1–1.5 KB. Two groups gather those modules instead:
// - `shell`: the app's modules the SPA entry loads, plus those the dashboard shares with another
//   mode (every SPA visit loads the entry, so nothing is downloaded that was not before, and a
//   mode only gains the small modules it shares with the dashboard);
// - `shared-ui`: those of them a storefront or website page also loads, kept apart so those pages
//   (whose budget is checked) load no SPA code;
// - `dashboard-common`: the dashboard's own modules that its lazy pages import too (hooks such as
//   the active store), which would otherwise each be a chunk beside the dashboard mode's.
// - `storefront-common`: the storefront entry's own modules (its view, the checkout form, the
//   themes) in one chunk, which its extras (src/modes/storefront/extras/) and the SPA's storefront
//   mode import too, rather than a chunk per set of entries that shares them: each small file
//   compresses worse and costs the storefront page's budget.
// Only the app's own modules are grouped, and from @shopfront/core only those that import no
// package: a grouped module is kept whole by the bundler, and core's contract modules would bring
// zod into the first screen. Modules reached only from one mode stay in that mode's chunk.

const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const CORE_SOURCE = /[\\/]packages[\\/]core[\\/]src[\\/]/;
const PACKAGE = /[\\/]node_modules[\\/]/;
const SPA_PACKAGES = /[\\/]node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/;

/**
 * Which grouped chunk each module goes to, from the static import graph.
 * @param {{ ids: string[], importsOf: (id: string) => string[], dynamicImportsOf: (id: string) => string[], spaEntry: string, dashboardEntry: string, otherModeEntries: string[], visitorEntries: string[], storefrontEntry?: string }} graph
 * @returns {{ shell: Set<string>, sharedUi: Set<string>, dashboardCommon: Set<string>, storefrontCommon: Set<string> }}
 */
export function firstScreenGroups(graph) {
  const closureOf = (starts) => {
    const seen = new Set();
    const queue = [...starts];
    while (queue.length > 0) {
      const id = queue.pop();
      if (seen.has(id)) continue;
      seen.add(id);
      queue.push(...graph.importsOf(id));
    }
    return seen;
  };
  const importsPackage = new Map();
  const groupable = (id) => {
    if (APP_SOURCE.test(id)) return true;
    if (!CORE_SOURCE.test(id)) return false;
    if (!importsPackage.has(id)) importsPackage.set(id, [...closureOf([id])].some((module) => PACKAGE.test(module)));
    return !importsPackage.get(id);
  };
  const modeEntries = new Set([graph.dashboardEntry, ...graph.otherModeEntries]);
  const spa = closureOf([graph.spaEntry]);
  const visitor = closureOf(graph.visitorEntries);
  const dashboard = closureOf([graph.dashboardEntry]);
  const otherModes = closureOf(graph.otherModeEntries);
  const shell = new Set();
  const sharedUi = new Set();
  for (const id of new Set([...spa, ...[...dashboard].filter((module) => otherModes.has(module))])) {
    if (modeEntries.has(id) || id === graph.spaEntry || graph.importsOf(graph.spaEntry).includes(id)) continue;
    if (!groupable(id) && !(SPA_PACKAGES.test(id) && spa.has(id) && !visitor.has(id))) continue;
    (visitor.has(id) ? sharedUi : shell).add(id);
  }
  const lazyPages = closureOf([...dashboard].flatMap((id) => graph.dynamicImportsOf(id)));
  const dashboardCommon = new Set(
    [...dashboard].filter((id) => groupable(id) && !modeEntries.has(id) && lazyPages.has(id) && !spa.has(id) && !otherModes.has(id) && !visitor.has(id)),
  );
  const storefrontCommon = new Set(
    graph.storefrontEntry ? [...closureOf([graph.storefrontEntry])].filter((id) => id !== graph.storefrontEntry && groupable(id) && !shell.has(id) && !sharedUi.has(id)) : [],
  );
  return { shell, sharedUi, dashboardCommon, storefrontCommon };
}

/**
 * The Vite plugin that computes the groups once the module graph is known (`buildEnd`), and the
 * `codeSplitting.groups` that read them when chunks are made (after `buildEnd`).
 * @param {{ spaEntry: string, dashboardEntry: string, otherModeEntries: string[], visitorEntries: string[], storefrontEntry?: string }} entries
 *   path suffixes of the entry modules (`/index.html`, `src/modes/dashboard/routes.tsx`, …)
 */
export function firstScreenChunks(entries) {
  let groups = { shell: new Set(), sharedUi: new Set(), dashboardCommon: new Set(), storefrontCommon: new Set() };
  /** @type {import('vite').Plugin} */
  const plugin = {
    name: 'shopfront:first-screen-chunks',
    applyToEnvironment: (environment) => environment.name === 'client',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const find = (suffix) => {
        const id = ids.find((candidate) => candidate.replaceAll('\\', '/').endsWith(suffix));
        if (!id) this.error(`first-screen chunks: no module ends with ${suffix}`);
        return id;
      };
      groups = firstScreenGroups({
        ids,
        importsOf: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        dynamicImportsOf: (id) => this.getModuleInfo(id)?.dynamicallyImportedIds ?? [],
        spaEntry: find(entries.spaEntry),
        dashboardEntry: find(entries.dashboardEntry),
        otherModeEntries: entries.otherModeEntries.map(find),
        visitorEntries: entries.visitorEntries.map(find),
        ...(entries.storefrontEntry ? { storefrontEntry: find(entries.storefrontEntry) } : {}),
      });
    },
  };
  const codeSplitting = {
    groups: [
      { name: 'shared-ui', test: (id) => groups.sharedUi.has(id), priority: 2, includeDependenciesRecursively: false },
      { name: 'shell', test: (id) => groups.shell.has(id), priority: 1, includeDependenciesRecursively: false },
      { name: 'dashboard-common', test: (id) => groups.dashboardCommon.has(id), priority: 0, includeDependenciesRecursively: false },
      { name: 'storefront-common', test: (id) => groups.storefrontCommon.has(id), priority: 0, includeDependenciesRecursively: false },
    ],
  };
  return { plugin, codeSplitting };
}
