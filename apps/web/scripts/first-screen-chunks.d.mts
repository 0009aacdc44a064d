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
}
export declare function firstScreenGroups(graph: FirstScreenGraph): { shell: Set<string>; sharedUi: Set<string>; dashboardCommon: Set<string>; storefrontCommon: Set<string> };
export declare function firstScreenChunks(entries: { spaEntry: string; dashboardEntry: string; otherModeEntries: string[]; visitorEntries: string[]; storefrontEntry?: string }): {
  plugin: Plugin;
  codeSplitting: {
    groups: { name: string; test: (id: string) => boolean; priority: number; includeDependenciesRecursively: boolean }[];
  };
};
