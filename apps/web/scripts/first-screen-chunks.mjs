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
// The app imports core through its barrel (`@shopfront/core` re-exports every module), so the
// import graph alone reaches every core module from the SPA entry; a core module is put in the
// shell only when a name the SPA's modules import from the barrel is declared in it (or it is
// imported past the barrels), else the bundler leaves it with the lazy page that uses it.

import { readFileSync } from 'node:fs';

const APP_SOURCE = /[\\/]apps[\\/]web[\\/]src[\\/]/;
const CORE_SOURCE = /[\\/]packages[\\/]core[\\/]src[\\/]/;
const PACKAGE = /[\\/]node_modules[\\/]/;
const SPA_PACKAGES = /[\\/]node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/;
/** Core's barrels: `index.ts` files that only re-export. */
const CORE_BARREL = /[\\/]packages[\\/]core[\\/]src[\\/](?:[\w-]+[\\/])?index\.ts$/;

/**
 * Which grouped chunk each module goes to, from the static import graph.
 * @param {import('./first-screen-chunks.d.mts').FirstScreenGraph} graph
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
  const shellCandidates = new Set([...spa, ...[...dashboard].filter((module) => otherModes.has(module))]);
  const coreUsed = graph.barrelNamesOf && graph.exportsOf ? coreUsedBy(graph, [...shellCandidates]) : null;
  const shell = new Set();
  const sharedUi = new Set();
  for (const id of shellCandidates) {
    if (modeEntries.has(id) || id === graph.spaEntry || graph.importsOf(graph.spaEntry).includes(id)) continue;
    if (!groupable(id) && !(SPA_PACKAGES.test(id) && spa.has(id) && !visitor.has(id))) continue;
    if (coreUsed && CORE_SOURCE.test(id) && !coreUsed.has(id) && !visitor.has(id)) continue;
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
 * The core modules the SPA entry's own modules use: those imported past the barrels, and those
 * declaring a name imported from the barrel, each with what it imports in turn (again past the barrels).
 * @param {{ ids: string[], importsOf: (id: string) => string[], barrelNamesOf?: (id: string) => string[], exportsOf?: (id: string) => string[] }} graph
 * @param {string[]} modules the shell's candidates (the SPA entry's closure, and what the dashboard shares with another mode)
 */
function coreUsedBy(graph, modules) {
  const declaredIn = new Map();
  for (const id of graph.ids) {
    if (!CORE_SOURCE.test(id) || CORE_BARREL.test(id)) continue;
    for (const name of graph.exportsOf?.(id) ?? []) declaredIn.set(name, [...(declaredIn.get(name) ?? []), id]);
  }
  const starts = [];
  for (const id of modules) {
    if (!APP_SOURCE.test(id)) continue;
    starts.push(...graph.importsOf(id).filter((imported) => CORE_SOURCE.test(imported) && !CORE_BARREL.test(imported)));
    for (const name of graph.barrelNamesOf?.(id) ?? []) starts.push(...(declaredIn.get(name) ?? []));
  }
  const pastBarrels = (starts) => {
    const seen = new Set();
    const queue = [...starts];
    while (queue.length > 0) {
      const id = queue.pop();
      if (seen.has(id) || !CORE_SOURCE.test(id) || CORE_BARREL.test(id)) continue;
      seen.add(id);
      queue.push(...graph.importsOf(id));
    }
    return seen;
  };
  return pastBarrels(starts);
}

/** Names an app module imports (as values) from the core barrel, read from its source. */
/** @param {string} source */
export function barrelImports(source) {
  const names = [];
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*['"]@shopfront\/core['"]/g)) {
    for (const part of match[1].split(',')) {
      const name = part.trim();
      if (name === '' || name.startsWith('type ')) continue;
      names.push(name.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

/** Names a core module declares as exports (not re-exports from elsewhere), read from its source. */
/** @param {string} source */
export function declaredExports(source) {
  const names = [...source.matchAll(/^export\s+(?:declare\s+)?(?:const|let|var|function\*?|async\s+function|class|enum)\s+([\w$]+)/gm)].map((match) => match[1]);
  for (const match of source.matchAll(/^export\s*\{([^}]*)\}\s*(from\s*['"][^'"]+['"])?/gm)) {
    for (const part of match[1].split(',')) {
      const name = part.trim();
      if (name === '' || name.startsWith('type ')) continue;
      const [, alias] = name.split(/\s+as\s+/);
      names.push((alias ?? name).trim());
    }
  }
  return names;
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
        barrelNamesOf: (id) => (APP_SOURCE.test(id) && /\.[cm]?[jt]sx?$/.test(id) ? barrelImports(readFileSync(id, 'utf8')) : []),
        exportsOf: (id) => (CORE_SOURCE.test(id) && /\.ts$/.test(id) ? declaredExports(readFileSync(id, 'utf8')) : []),
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
