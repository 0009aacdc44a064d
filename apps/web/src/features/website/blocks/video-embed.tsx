import { youtubeOrVimeoEmbedUrl } from '@shopfront/core/video-embed';
import type { VideoEmbedProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/**
 * A YouTube or Vimeo video through the services' privacy-enhanced players (no cookies until the
 * visitor plays it). Any other URL renders nothing: only those two hosts are embeddable (the
 * website pages' CSP allows only them in `frame-src`).
 */
export function VideoEmbedBlock({ url, title }: BlockComponentProps<VideoEmbedProps>) {
  const src = youtubeOrVimeoEmbedUrl(url);
  if (!src) return null;
  return (
    <div className="ws-block ws-video">
      <iframe
        src={src}
        title={title || 'Video'}
        loading="lazy"
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}
