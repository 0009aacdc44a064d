// Exports runVideoTool, VideoTools and VideoToolMissingError: how ffmpeg and ffprobe are started.
import { spawn } from 'node:child_process';

/** Where ffmpeg and ffprobe are; by default found on the PATH (Debian's `ffmpeg` package installs both). */
export interface VideoTools {
  ffmpegPath: string;
  ffprobePath: string;
}

export const DEFAULT_VIDEO_TOOLS: VideoTools = { ffmpegPath: 'ffmpeg', ffprobePath: 'ffprobe' };

/** The tool is not installed: the video is served as uploaded (decision 042), not retried. */
export class VideoToolMissingError extends Error {
  override readonly name = 'VideoToolMissingError';
}

/** The tool ran and refused the file (not a video, corrupt). */
export class VideoToolFailedError extends Error {
  override readonly name = 'VideoToolFailedError';
}

const STDERR_KEPT = 2_000;

/**
 * Runs a tool to its end with no shell (arguments are never parsed by one). `onStdout` sees the
 * output as it comes (ffmpeg's `-progress pipe:1`); the result is the whole stdout. An abort kills
 * the process at once (SIGKILL: a lost lease must stop the run, not ask it to finish).
 */
export function runVideoTool(path: string, args: string[], options: { signal?: AbortSignal; onStdout?: (chunk: string) => void } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(path, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal, killSignal: 'SIGKILL' });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      options.onStdout?.(chunk);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_KEPT);
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(new VideoToolMissingError(`${path} is not installed`));
      // An abort is reported as an error before the killed process has gone: wait for its close.
      else if (!options.signal?.aborted) reject(error);
    });
    child.on('close', (code) => {
      if (options.signal?.aborted) reject(options.signal.reason instanceof Error ? options.signal.reason : new Error('aborted'));
      else if (code === 0) resolve(stdout);
      else reject(new VideoToolFailedError(`${path} exited with ${String(code)}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`));
    });
  });
}
