import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { AnalyticsBuffer } from './analytics-buffer.ts';
import type { PageView } from './analytics-event.ts';

/** Records that a published page was served: `view` is the tag kept beside the cached body. */
export type ViewRecorder = (request: IncomingMessage, body: { storeId: string; view?: PageView | undefined }) => void;

/**
 * The page views the server counts (docs/analytics.md "Where events come from"): a GET of a
 * published page, answered 200 or 304, that is not a prefetch, not the dashboard's iframe preview
 * and not a `?preview=` draft. Bots are recognised at flush time (isbot on the user agent), so the
 * request path only hands the request's own strings and the page's view tag to the buffer.
 */
export function createViewRecorder(buffer: Pick<AnalyticsBuffer, 'recordView'>, options: { trustProxy: readonly string[] }): ViewRecorder {
  const clientIp = clientIpOf(options.trustProxy);
  return (request, body) => {
    const view = body.view;
    if (!view || request.method !== 'GET' || !isCountedFetch(request.headers)) return;
    const url = request.url ?? '';
    const mark = url.indexOf('?');
    const query = mark < 0 ? '' : url.slice(mark + 1);
    if (PREVIEW_PARAM.test(query)) return;
    const headers = request.headers;
    buffer.recordView(body.storeId, view, clientIp(request), headers['user-agent'] ?? '', headers.referer ?? '', query, headers.host ?? '');
  };
}

/** `?preview=…`: the owner's draft, or the published page opened from the dashboard. */
const PREVIEW_PARAM = /(?:^|&)preview=/;

/** Not a prefetch or prerender (Chrome, Safari, Firefox spell it differently) and not an iframe. */
export function isCountedFetch(headers: IncomingHttpHeaders): boolean {
  const purpose = headers['sec-purpose'] ?? headers.purpose ?? headers['x-purpose'] ?? headers['x-moz'];
  if (typeof purpose === 'string' && /prefetch|prerender|preview/i.test(purpose)) return false;
  return headers['sec-fetch-dest'] !== 'iframe';
}

/**
 * The client address exactly as Fastify's `request.ip` reads it (app.ts trustProxy), so a page
 * view on the raw-request fast path and a checkout through Fastify hash to the same visitor.
 */
export function clientIpOf(trustProxy: readonly string[]): (request: IncomingMessage) => string {
  if (trustProxy.length === 0) return (request) => request.socket.remoteAddress ?? '';
  const trust = proxyAddr.compile([...trustProxy]);
  return (request) => proxyAddr(request, trust);
}
