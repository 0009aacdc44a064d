import type { Sample } from './measure.ts';

export interface Row {
  label: string;
  sample: Sample;
  /** The nginx sample serving the same bytes; null when nginx is skipped. */
  reference: Sample | null;
}

export function printTable(title: string, rows: Row[]): void {
  console.log(`\n## ${title}\n`);
  console.log('| target | req/s (median) | p50 ms | p99 ms | vs nginx req/s | errors | non-2xx |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { label, sample, reference } of rows) {
    const ratio = reference ? (sample.requestsPerSecond / reference.requestsPerSecond).toFixed(2) : 'n/a';
    console.log(
      `| ${label} | ${Math.round(sample.requestsPerSecond)} | ${sample.p50} | ${sample.p99} | ${ratio} | ${sample.errors} | ${sample.non2xx} |`,
    );
  }
}
