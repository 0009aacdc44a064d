import { useEffect, useRef } from 'react';

/** How often a playing video reports its position (and on pause and at the end). */
export const REPORT_EVERY_MS = 15_000;
const HLS_TYPE = 'application/vnd.apple.mpegurl';

interface LessonVideoProps {
  /** An HLS master playlist, or a file the browser plays itself (the original, when ffmpeg is missing). */
  source: { kind: 'hls'; url: string } | { kind: 'file'; url: string; type: string };
  poster: string | null;
  title: string;
  /** Where to start (the saved position); ignored near the end. */
  startAt: number;
  /** Null for a free-preview visitor: only an enrolment keeps progress. */
  onReport: ((positionSeconds: number, seeked: boolean) => void) | null;
}

/**
 * The browser's own `<video controls>`: Safari plays HLS itself; elsewhere hls.js (loaded only
 * here, so it never weighs on the first screens) feeds it. Reports the position while playing.
 */
export function LessonVideo({ source, poster, title, startAt, onReport }: LessonVideoProps) {
  const video = useRef<HTMLVideoElement>(null);
  const seeked = useRef(false);
  const report = useRef(onReport);
  useEffect(() => {
    report.current = onReport;
  });

  useEffect(() => {
    const element = video.current;
    if (!element || source.kind !== 'hls') return;
    if (element.canPlayType(HLS_TYPE)) {
      element.src = source.url;
      return;
    }
    let destroyed = false;
    let player: { destroy: () => void } | null = null;
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        element.src = source.url;
        return;
      }
      const hls = new Hls();
      hls.loadSource(source.url);
      hls.attachMedia(element);
      player = hls;
    });
    return () => {
      destroyed = true;
      player?.destroy();
    };
  }, [source.kind, source.url]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const send = () => {
      if (!report.current) return;
      report.current(Math.floor(element.currentTime), seeked.current);
      seeked.current = false;
    };
    let timer: ReturnType<typeof setInterval> | null = null;
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onPlay = () => {
      stop();
      timer = setInterval(send, REPORT_EVERY_MS);
    };
    const onPause = () => {
      stop();
      send();
    };
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onPause);
    return () => {
      stop();
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onPause);
    };
  }, []);

  return (
    <video
      ref={video}
      controls
      playsInline
      preload="metadata"
      poster={poster ?? undefined}
      aria-label={`Video: ${title}`}
      className="aspect-video w-full bg-black"
      onLoadedMetadata={(event) => {
        const element = event.currentTarget;
        if (startAt > 0 && (!Number.isFinite(element.duration) || startAt < element.duration - 3)) element.currentTime = startAt;
      }}
      onSeeking={(event) => {
        // The resume jump is not the student's choice; a seek back by hand is, and may lower the position.
        if (Math.abs(event.currentTarget.currentTime - startAt) > 1) seeked.current = true;
      }}
    >
      {source.kind === 'file' ? <source src={source.url} type={source.type} /> : null}
    </video>
  );
}
