// Exports startCalendarStandIn: a local HTTP server serving an .ics the test changes, for the calendar import tests.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInAnswer = { status?: number; body?: string; etag?: string; headers?: Record<string, string> } | 'hang';

/**
 * Answers every GET with `answer` (a 304 when the request's If-None-Match equals its ETag), and
 * counts the requests; 'hang' never answers (a timeout).
 */
export async function startCalendarStandIn() {
  let answer: StandInAnswer = { status: 404, body: '' };
  const routes = new Map<string, StandInAnswer>();
  const requests: { path: string; ifNoneMatch: string | undefined }[] = [];
  const hanging: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    requests.push({ path: request.url ?? '', ifNoneMatch: request.headers['if-none-match'] });
    const current = routes.get(request.url ?? '') ?? answer;
    if (current === 'hang') return void hanging.push(response);
    const { status = 200, body = '', etag, headers = {} } = current;
    if (etag && request.headers['if-none-match'] === etag) return void response.writeHead(304, { etag }).end();
    response.writeHead(status, { 'content-type': 'text/calendar; charset=utf-8', ...(etag ? { etag } : {}), ...headers }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path = '/calendar.ics') => `http://127.0.0.1:${port}${path}`,
    port,
    requests,
    /** What every path answers, unless `route` set its own. */
    answer(next: StandInAnswer) {
      answer = next;
    },
    route(path: string, next: StandInAnswer) {
      routes.set(path, next);
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A calendar of busy UTC ranges (`2030-06-04T07:00/2030-06-04T08:00`). */
export function icsOf(...ranges: string[]): string {
  const stamp = (value: string) => value.replace(/[-:]/g, '').replace(/$/, '00Z');
  const events = ranges.map((range, index) => {
    const [start, end] = range.split('/');
    return `BEGIN:VEVENT\r\nUID:busy-${index}@stand-in\r\nDTSTAMP:20300101T000000Z\r\nDTSTART:${stamp(start!)}\r\nDTEND:${stamp(end!)}\r\nSUMMARY:Busy\r\nEND:VEVENT\r\n`;
  });
  return `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Stand-in//EN\r\n${events.join('')}END:VCALENDAR\r\n`;
}
