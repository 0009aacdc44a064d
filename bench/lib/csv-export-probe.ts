import { rssMb } from './database.ts';

export interface CsvExportSample {
  seconds: number;
  firstByteMs: number;
  rows: number;
  megabytes: number;
  rssBeforeMb: number;
  rssPeakMb: number;
  rssAfterMb: number;
}

/**
 * Downloads a CSV export to the end, reading it as a browser would (chunk by chunk, nothing kept),
 * while the server's RSS is sampled every 50 ms: before, the peak during, and once the last byte
 * arrived. Data rows are the line count less the header.
 */
export async function probeCsvExport(url: string, headers: Record<string, string>, serverPid: number): Promise<CsvExportSample> {
  const rssBeforeMb = rssMb(serverPid);
  let rssPeakMb = rssBeforeMb;
  const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb(serverPid))), 50);
  const started = performance.now();
  try {
    const response = await fetch(url, { headers });
    if (!response.ok || !response.body) throw new Error(`the CSV export answered ${response.status}: ${await response.text()}`);
    let firstByteMs = 0;
    let bytes = 0;
    let lines = 0;
    for await (const chunk of response.body) {
      if (bytes === 0) firstByteMs = performance.now() - started;
      bytes += chunk.byteLength;
      // indexOf, not a loop over every byte: the bench shares the cores with the server it measures.
      for (let at = chunk.indexOf(10); at !== -1; at = chunk.indexOf(10, at + 1)) lines++;
    }
    const seconds = (performance.now() - started) / 1000;
    rssPeakMb = Math.max(rssPeakMb, rssMb(serverPid));
    return { seconds, firstByteMs, rows: lines - 1, megabytes: bytes / 2 ** 20, rssBeforeMb, rssPeakMb, rssAfterMb: rssMb(serverPid) };
  } finally {
    clearInterval(sampler);
  }
}
