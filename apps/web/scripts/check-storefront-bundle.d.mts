export interface StorefrontChunk {
  fileName: string;
  code: string | Uint8Array;
  imports: string[];
  dynamicImports: string[];
  moduleIds?: string[];
}
export interface StorefrontBundleResult {
  files: string[];
  problems: string[];
}
export declare const STOREFRONT_ENTRY: string;
export interface StorefrontExtraEntry {
  name: string;
  entry: string;
  feature: string;
  page: string;
  limitBytes: number;
}
export declare const STOREFRONT_EXTRAS: StorefrontExtraEntry[];
export declare const FORBIDDEN_MODULES: { pattern: RegExp; reason: string }[];
export declare function checkStorefrontChunks(chunks: StorefrontChunk[], entryFileName: string, options?: { allowFeatures?: string[] }): StorefrontBundleResult;
export declare function checkBuiltDist(distDir: string): { report: string; problems: string[] };
