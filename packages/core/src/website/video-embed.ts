/**
 * The privacy-enhanced player URL for a YouTube or Vimeo watch/share URL, or null for anything
 * else. Zod-free so the rendered page can use it without pulling the schemas in.
 */
export function youtubeOrVimeoEmbedUrl(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return null;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  const host = parsed.hostname.toLowerCase().replace(/^(www|m)\./, '');
  const segments = parsed.pathname.split('/').filter(Boolean);
  if (host === 'youtube.com' || host === 'youtube-nocookie.com' || host === 'youtu.be') {
    const id = youtubeId(host, segments, parsed.searchParams);
    return id ? `https://www.youtube-nocookie.com/embed/${id}` : null;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') {
    const id = [...segments].reverse().find((segment) => VIMEO_ID.test(segment));
    return id ? `https://player.vimeo.com/video/${id}?dnt=1` : null;
  }
  return null;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;

function youtubeId(host: string, segments: string[], query: URLSearchParams): string | null {
  const candidate =
    host === 'youtu.be'
      ? segments[0]
      : segments[0] === 'watch'
        ? query.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')
          ? segments[1]
          : undefined;
  return candidate && YOUTUBE_ID.test(candidate) ? candidate : null;
}
