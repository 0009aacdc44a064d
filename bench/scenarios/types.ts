import type { StaticFile } from '../lib/nginx.ts';
import type { Sample, SampleBeside, Target } from '../lib/measure.ts';
import type { Row } from '../lib/report.ts';

export interface ScenarioContext {
  /** The shared server: only for a scenario with `sharedServer` (the others start their own). */
  server: { url: string; publicUrl: string };
  /** Starts nginx on the given bytes; null when nginx is unavailable (ratios print n/a). */
  nginx: (files: StaticFile[]) => Promise<{ url: string; pid: number; stop: () => Promise<void> } | null>;
  measure: (targets: Target[]) => Promise<Map<string, Sample>>;
  /** Each target with its ratio to the reference measured just before and after it (lib/measure.ts). */
  measureBeside: (reference: Target, targets: Target[]) => Promise<{ reference: Sample; targets: Map<string, SampleBeside> }>;
}

export interface Scenario {
  name: string;
  /**
   * Uses the run's shared server. It is started before the first such scenario and stopped after
   * the last, so it never idles beside a scenario that measures its own servers' CPU.
   */
  sharedServer?: true;
  run: (context: ScenarioContext) => Promise<{ title: string; rows: Row[] }>;
}
