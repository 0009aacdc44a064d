export interface LoadedChunk {
  fileName: string;
  imports: string[];
  dynamicImports: string[];
  css?: string[];
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
export declare const DASHBOARD_FIRST_SCREEN_GOAL_BYTES: number;
export declare const DASHBOARD_FIRST_SCREEN_BUDGET_BYTES: number;
export declare const DASHBOARD_MODE_ENTRY: string;
export declare function brotliSize(content: string | Uint8Array): number;
export declare function filesLoaded(chunks: LoadedChunk[], entryFileNames: string[], options: { followDynamic: boolean }): { files: string[]; missing: string[] };
export declare function checkBudget(page: { name: string; files: BudgetFile[]; limitBytes: number }): BudgetResult;
export declare function formatBudget(result: BudgetResult): string;
export declare function kb(bytes: number): string;
