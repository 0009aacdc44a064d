/**
 * Thins a source map to the mappings that start an original line. With `--enable-source-maps`
 * Node holds a bundle's map decoded, one array per mapping, for the life of the process: the
 * server bundle's 237,000 mappings and its sources' text took about 30 MB of an idle server's
 * 200 (docs/storefront-caching.md "Measured"). A stack frame needs only its original file and
 * line, which these keep (about 40,000 mappings).
 *
 * Runs in `build.mjs` under Node's type stripping: erasable TypeScript only. The mappings are
 * decoded and encoded by `@jridgewell/sourcemap-codec` (the codec Rollup and Vite use).
 */
import { decode, encode, type SourceMapSegment } from '@jridgewell/sourcemap-codec';

export interface SourceMapJson {
  mappings: string;
  [field: string]: unknown;
}

/**
 * The same map with only the mappings that start an original line: per generated line, the one in
 * effect at its first token (moved to column 0: esbuild often starts a line with a mapping that
 * still belongs to the previous source line, before the indentation), then each one that moves to
 * another original line (where esbuild printed several source lines as one). `code` is the
 * generated file.
 */
export function thinToLines<T extends SourceMapJson>(map: T, code: string): T {
  const indents = code.split('\n').map((line) => line.length - line.trimStart().length);
  // The codec gives each segment absolute: [generated column, source, original line, original column, name?].
  const lines = decode(map.mappings).map((segments, index) => {
    const kept: SourceMapSegment[] = [];
    for (const segment of segments) {
      if (segment.length < 4) continue;
      const last = kept.at(-1);
      if (!last || segment[0] <= (indents[index] ?? 0)) kept.splice(0, kept.length, [0, ...segment.slice(1)] as SourceMapSegment);
      else if (segment[1] !== last[1] || segment[2] !== last[2]) kept.push(segment);
    }
    return kept;
  });
  return { ...map, mappings: encode(lines) };
}
