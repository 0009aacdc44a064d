import { describe, expect, it } from 'vitest';
import { createProgressReader, throttleProgress } from './ffmpeg-progress.ts';
import { hlsArguments, hlsLadder } from './hls-ladder.ts';
import { readRenditions } from './transcode-to-hls.ts';

describe('hlsLadder', () => {
  const names = (height: number) => hlsLadder(height).map((step) => `${step.name}:${step.height}`);
  it('gives 360p and 720p, and 1080p only from a source at least 1080 pixels tall', () => {
    expect(names(1079)).toEqual(['360p:360', '720p:720']);
    expect(names(1080)).toEqual(['360p:360', '720p:720', '1080p:1080']);
    expect(names(2160)).toEqual(['360p:360', '720p:720', '1080p:1080']);
  });
  it('never blows a short source up: it keeps its own (even) height', () => {
    expect(names(720)).toEqual(['360p:360', '720p:720']);
    expect(names(481)).toEqual(['360p:360', '480p:480']);
    expect(names(240)).toEqual(['240p:240']);
  });
  it('maps audio into every rendition only when the source has audio', () => {
    const args = (hasAudio: boolean) => hlsArguments({ input: 'in', outputDir: 'out', ladder: hlsLadder(720), hasAudio });
    expect(args(true)).toContain('v:0,a:0,name:360p v:1,a:1,name:720p');
    expect(args(false)).toContain('v:0,name:360p v:1,name:720p');
    expect(args(false)).not.toContain('0:a:0');
  });
});

describe('ffmpeg progress', () => {
  it('reads out_time_us per block, holds at 99 until the end block, across chunk boundaries', () => {
    const seen: number[] = [];
    const read = createProgressReader(10, (percent) => seen.push(percent));
    read('frame=10\nout_time_us=2500000\nprogress=cont');
    read('inue\nout_time_us=9990000\nprogress=continue\nout_time_us=N/A\n');
    read('progress=end\n');
    expect(seen).toEqual([25, 99, 100]);
  });

  it('is saved at most once per interval, and 100 always', () => {
    let now = 0;
    const saved: number[] = [];
    const save = throttleProgress((percent) => saved.push(percent), { intervalMs: 3_000, now: () => new Date(now) });
    save(1);
    now = 2_999;
    save(5);
    now = 3_000;
    save(9);
    now = 3_001;
    save(100);
    save(100);
    expect(saved).toEqual([1, 9, 100]);
  });
});

describe('readRenditions', () => {
  it('lists the variant streams of a master playlist', () => {
    const master = '#EXTM3U\n#EXT-X-VERSION:6\n#EXT-X-STREAM-INF:BANDWIDTH=1020800,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2"\n360p/index.m3u8\n\n';
    expect(readRenditions(master)).toEqual([{ name: '360p', width: 640, height: 360, bandwidth: 1020800, playlist: '360p/index.m3u8' }]);
    expect(() => readRenditions('#EXTM3U\n')).toThrow('without renditions');
  });
});
