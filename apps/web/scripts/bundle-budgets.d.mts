export interface LoadedChunk {
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  css?: string[];
  moduleIds?: string[];
}
export interface BudgetFile {
  fileName: string;
  brotliBytes: number;
}
export interface BudgetResult {
  name: string;
  files: BudgetFile[];
  totalBrotliBytes: number;
  limitBytes: number;
  problems: string[];
}
export declare const STOREFRONT_BUDGET_BYTES: number;
export declare const STOREFRONT_CALL_PAGE_BUDGET_BYTES: number;
export declare const STOREFRONT_COURSE_PAGE_BUDGET_BYTES: number;
export declare const LAZY_NOT_COUNTED: RegExp;
export declare const DASHBOARD_FIRST_SCREEN_BUDGET_BYTES: number;
export declare const DASHBOARD_MODE_ENTRY: string;
export declare const FIRST_SCREEN_STYLESHEET: string;
export declare function uncoveredFirstScreenModules(moduleIds: string[], css: string, cssDir: string): string[];
export declare function brotliSize(content: string | Uint8Array): number;
export declare function filesLoaded(chunks: LoadedChunk[], entryFileNames: string[], options: { followDynamic: boolean; notCounted?: RegExp }): { files: string[]; missing: string[]; notCounted: string[] };
export declare function checkBudget(page: { name: string; files: BudgetFile[]; limitBytes: number }): BudgetResult;
export declare function formatBudget(result: BudgetResult): string;
export declare function kb(bytes: number): string;
