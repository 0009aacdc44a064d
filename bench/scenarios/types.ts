import type { StaticFile } from '../lib/nginx.ts';
import type { Sample, Target } from '../lib/measure.ts';
import type { Row } from '../lib/report.ts';

export interface ScenarioContext {
  server: { url: string; publicUrl: string };
  /** Starts nginx on the given bytes; null when nginx is unavailable (ratios print n/a). */
  nginx: (files: StaticFile[]) => Promise<{ url: string; pid: number; stop: () => Promise<void> } | null>;
  measure: (targets: Target[]) => Promise<Map<string, Sample>>;
}

export interface Scenario {
  name: string;
  run: (context: ScenarioContext) => Promise<{ title: string; rows: Row[] }>;
}
