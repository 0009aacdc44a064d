import { posix } from 'node:path';
import { MEDIA_PATH } from '#src/domain/courses/media-tokens.ts';

/**
 * Replaces every URI of an HLS playlist (the variant and segment lines, and `URI="…"` attributes)
 * with what `sign` makes of its path relative to the asset. `playlistPath` is the playlist's own
 * path (`master.m3u8`, `720p/index.m3u8`): relative URIs resolve against its folder. A URI that
 * leaves the asset or names a file no token may name is a broken playlist, never passed through.
 */
export function rewritePlaylist(text: string, playlistPath: string, sign: (path: string) => string): string {
  const folder = posix.dirname(playlistPath);
  const resolve = (uri: string) => {
    const path = posix.normalize(folder === '.' ? uri : `${folder}/${uri}`);
    if (!MEDIA_PATH.test(path)) throw new Error(`playlist ${playlistPath} names ${JSON.stringify(uri)}`);
    return sign(path);
  };
  return text
    .split('\n')
    .map((raw) => {
      const line = raw.trim();
      if (line === '') return line;
      if (line.startsWith('#')) return line.replace(/URI="([^"]*)"/g, (_match, uri: string) => `URI="${resolve(uri)}"`);
      return resolve(line);
    })
    .join('\n');
}
