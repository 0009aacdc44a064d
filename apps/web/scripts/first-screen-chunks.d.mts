import type { Plugin } from 'vite';

export interface FirstScreenGraph {
  ids: string[];
  importsOf: (id: string) => string[];
  dynamicImportsOf: (id: string) => string[];
  spaEntry: string;
  dashboardEntry: string;
  otherModeEntries: string[];
  visitorEntries: string[];
  storefrontEntry?: string;
  /** Names an app module imports from the core barrel; with exportsOf, only the core modules declaring them go into the shell. */
  barrelNamesOf?: (id: string) => string[];
  /** Names a core module declares as exports. */
  exportsOf?: (id: string) => string[];
}
export declare function barrelImports(source: string): string[];
export declare function declaredExports(source: string): string[];
export declare function firstScreenGroups(graph: FirstScreenGraph): { shell: Set<string>; sharedUi: Set<string>; dashboardCommon: Set<string>; storefrontCommon: Set<string> };
export declare function firstScreenChunks(entries: { spaEntry: string; dashboardEntry: string; otherModeEntries: string[]; visitorEntries: string[]; storefrontEntry?: string }): {
  plugin: Plugin;
  codeSplitting: {
    groups: { name: string; test: (id: string) => boolean; priority: number; includeDependenciesRecursively: boolean }[];
  };
};
