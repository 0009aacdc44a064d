import { Agent, request } from 'node:http';
import { signMediaToken } from '@shopfront/server/course-media-tokens';

export interface SegmentTiming {
  /** Request sent (a socket assigned) to the first byte of the answer, ms. */
  firstByteMs: number;
  /** To the last byte, ms. */
  lastByteMs: number;
  bytes: number;
  status: number;
}

/**
 * One student's player as hls.js drives it: the master playlist from a signed link the lesson
 * page would hand out, one rendition's playlist (its signed links rewritten by the server), then
 * its segments in order. Each student has a keep-alive connection of their own, as a browser does.
 */
export class HlsStudent {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  segments: string[] = [];

  constructor(private readonly server: URL) {}

  /** Loads the master playlist and the named rendition's playlist; answers the segment count. */
  async open(masterUrl: string, rendition: string): Promise<number> {
    const master = await this.text(masterUrl);
    const variant = master.split('\n').find((line) => line.includes(`/${rendition}`) || line.startsWith(`${rendition}/`)) ?? master.split('\n').find((line) => line && !line.startsWith('#'));
    if (!variant) throw new Error(`no rendition in the master playlist: ${master.slice(0, 200)}`);
    const playlist = await this.text(variant.trim());
    this.segments = playlist.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
    return this.segments.length;
  }

  segment(index: number): Promise<SegmentTiming> {
    return this.fetch(this.segments[index % this.segments.length]!);
  }

  close(): void {
    this.agent.destroy();
  }

  private async text(url: string): Promise<string> {
    const chunks: Buffer[] = [];
    const timing = await this.fetch(url, chunks);
    if (timing.status !== 200) throw new Error(`GET ${url} answered ${timing.status}`);
    return Buffer.concat(chunks).toString('utf8');
  }

  private fetch(url: string, keep?: Buffer[]): Promise<SegmentTiming> {
    const target = new URL(url, this.server);
    return new Promise((resolve) => {
      let started = performance.now();
      let firstByteMs = 0;
      let bytes = 0;
      const req = request({ agent: this.agent, hostname: this.server.hostname, port: this.server.port, path: target.pathname }, (res) => {
        res.on('data', (chunk: Buffer) => {
          if (bytes === 0) firstByteMs = performance.now() - started;
          bytes += chunk.length;
          keep?.push(chunk);
        });
        res.on('end', () => resolve({ firstByteMs, lastByteMs: performance.now() - started, bytes, status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ firstByteMs, lastByteMs: performance.now() - started, bytes, status: 0 }));
      });
      req.on('socket', () => {
        started = performance.now();
      });
      req.on('error', () => resolve({ firstByteMs, lastByteMs: performance.now() - started, bytes, status: 0 }));
      req.end();
    });
  }
}

/** The master playlist's signed link for one enrolment, made with the server's own key (its DATA_DIR). */
export function masterLink(options: { publicUrl: string; dataDir: string; storeId: string; lessonId: string; enrolmentId: string }): string {
  const token = signMediaToken(
    { appSecret: null, dataDir: options.dataDir },
    { storeId: options.storeId, lessonId: options.lessonId, grant: options.enrolmentId, path: 'master.m3u8', expiresAt: Date.now() + 60 * 60_000 },
  );
  return `${options.publicUrl}/api/course-media/${token}/master.m3u8`;
}
