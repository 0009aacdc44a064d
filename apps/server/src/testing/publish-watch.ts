import { performance } from 'node:perf_hooks';
import { waitUntil } from './three-servers.ts';

/** What one storefront request answered: the store's name and whether memory answered it. */
interface Look {
  name: string | null;
  /** `X-Storefront-Cache` of a miss; `hit` when memory answered (a hit carries no marker). */
  cache: string;
}

/** One request of a watch, in ms after the publish answered: when it was sent, when it came back. */
interface Seen extends Look {
  sentMs: number;
  answeredMs: number;
}

export interface Watch {
  url: string;
  /** When the first answer with the new name came back, in ms after the publish answered. */
  visibleAfterMs: number;
  /** Each change of answer (and the first), so a slow watch says where its time went. */
  trace: Seen[];
  requests: number;
}

async function look(url: string, slug: string): Promise<Look> {
  const response = await fetch(`${url}/${slug}`);
  const html = await response.text();
  return { name: /<h1 class="sf-name">([^<]*)<\/h1>/.exec(html)?.[1] ?? null, cache: response.headers.get('x-storefront-cache') ?? 'hit' };
}

/**
 * Makes every `warmUp` server hold the page in memory (so only a notification can change what it
 * answers), runs `publish`, then asks each watcher for the page back to back, from the moment the
 * publish answered until it shows `expected` (or 10 s, to report how late it was).
 */
export async function publishAndWatch(options: {
  publish: () => Promise<unknown>;
  watchers: string[];
  slug: string;
  expected: string;
  warmUp: string[];
}): Promise<Watch[]> {
  for (const url of options.warmUp) {
    await waitUntil(`${url} to answer /${options.slug} from memory`, async () => (await look(url, options.slug)).cache === 'hit', 30_000);
  }
  await options.publish();
  const answeredAt = performance.now();
  const since = () => Math.round(performance.now() - answeredAt);
  return Promise.all(
    options.watchers.map(async (url): Promise<Watch> => {
      const trace: Seen[] = [];
      for (let requests = 1; ; requests++) {
        const sentMs = since();
        const seen = { ...(await look(url, options.slug)), sentMs, answeredMs: since() };
        const last = trace.at(-1);
        if (!last || last.name !== seen.name || last.cache !== seen.cache) trace.push(seen);
        if (seen.name === options.expected) return { url, visibleAfterMs: seen.answeredMs, trace, requests };
        if (seen.answeredMs > 10_000) return { url, visibleAfterMs: Number.POSITIVE_INFINITY, trace, requests };
      }
    }),
  );
}
