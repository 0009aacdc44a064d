// Exports parseEmbedUrl: the one check of a lesson's YouTube, Vimeo or Loom URL (decision 042), shared by the server and the editor.

export type LessonEmbedProvider = 'youtube' | 'vimeo' | 'loom';

export interface LessonEmbed {
  provider: LessonEmbedProvider;
  videoId: string;
  /** What the player's iframe loads: built from the id, never the creator's text. */
  embedUrl: string;
}

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const LOOM_ID = /^[0-9a-f]{32}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);

/**
 * A share, watch or embed link of YouTube (watch, youtu.be, shorts, embed), Vimeo (public or
 * unlisted with its hash) or Loom (share or embed), as `LessonEmbed`; null for anything else, including
 * other hosts, ports, credentials and non-https schemes. The iframe URL is rebuilt from the id, so
 * nothing else the creator typed reaches the page (YouTube's is the no-cookie host).
 */
export function parseEmbedUrl(input: string): LessonEmbed | null {
  let url: URL;
  try {
    url = new URL(input.trim());
  } catch {
    return null;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password || url.port) return null;
  const host = url.hostname.toLowerCase();
  const parts = url.pathname.split('/').filter((part) => part.length > 0);
  if (YOUTUBE_HOSTS.has(host)) {
    const id = parts[0] === 'watch' && parts.length === 1 ? url.searchParams.get('v') : (parts[0] === 'embed' || parts[0] === 'shorts') && parts.length === 2 ? parts[1] : null;
    return youtube(id);
  }
  if (host === 'youtu.be') return parts.length === 1 ? youtube(parts[0]) : null;
  if (host === 'vimeo.com' || host === 'www.vimeo.com') {
    if (parts.length === 1) return vimeo(parts[0], null);
    return parts.length === 2 ? vimeo(parts[0], parts[1]) : null;
  }
  if (host === 'player.vimeo.com') return parts[0] === 'video' && parts.length === 2 ? vimeo(parts[1], url.searchParams.get('h')) : null;
  if (host === 'loom.com' || host === 'www.loom.com') {
    const id = (parts[0] === 'share' || parts[0] === 'embed') && parts.length === 2 ? parts[1]! : '';
    return LOOM_ID.test(id) ? { provider: 'loom', videoId: id, embedUrl: `https://www.loom.com/embed/${id}` } : null;
  }
  return null;
}

function youtube(id: string | null | undefined): LessonEmbed | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return { provider: 'youtube', videoId: id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` };
}

function vimeo(id: string | undefined, hash: string | null | undefined): LessonEmbed | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash !== null && hash !== undefined && !VIMEO_HASH.test(hash)) return null;
  const query = hash ? `?h=${hash}` : '';
  return { provider: 'vimeo', videoId: id, embedUrl: `https://player.vimeo.com/video/${id}${query}` };
}
