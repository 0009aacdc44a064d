export declare const COMPRESSIBLE: Set<string>;
/** Brotli computed earlier in the build, by path inside dist, with the length of the bytes it compressed. */
export type KnownBrotli = Map<string, { length: number; br: Promise<Buffer> }>;
export declare function brotliOptions(size: number): { params: Record<number, number> };
export declare function brotliBytes(bytes: Uint8Array): Promise<Buffer>;
export declare function compressDist(distDir: string, known?: KnownBrotli): Promise<{ file: string; bytes: number; br: number | null; gzip: number | null }[]>;
