export interface StorefrontChunk {
  fileName: string;
  code: string | Uint8Array;
  imports: string[];
  dynamicImports: string[];
  moduleIds?: string[];
}
export interface StorefrontBundleResult {
  files: { fileName: string; gzipBytes: number }[];
  totalGzipBytes: number;
  problems: string[];
}
export declare const STOREFRONT_ENTRY: string;
export declare const STOREFRONT_BUDGET_BYTES: number;
export declare const FORBIDDEN_MODULES: { pattern: RegExp; reason: string }[];
export declare function checkStorefrontChunks(chunks: StorefrontChunk[], entryFileName: string): StorefrontBundleResult;
export declare function checkBuiltDist(distDir: string): StorefrontBundleResult;
export declare function formatReport(result: StorefrontBundleResult): string;
export declare function kb(bytes: number): string;
