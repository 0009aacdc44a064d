import type { Scenario } from './types.ts';

/** The cost of /healthz and of a trivial callable, against nginx serving the same bytes. */
export const foundation: Scenario = {
  name: 'foundation',
  sharedServer: true,
  async run({ server, nginx, measure }) {
    const health = await fetch(`${server.url}/healthz`);
    const healthBody = await health.text();
    const callBody = JSON.stringify({ data: { echo: 'bench' } });
    const call = await fetch(`${server.url}/fn/testFunction`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: callBody,
    });
    const callReply = await call.text();
    if (!call.ok) throw new Error(`testFunction answered ${call.status}: ${callReply}`);

    const ref = await nginx([
      { path: '/healthz.json', body: healthBody, contentType: 'application/json' },
      { path: '/callable.json', body: callReply, contentType: 'application/json' },
    ]);
    const samples = await measure([
      { label: 'GET /healthz', url: `${server.url}/healthz` },
      ...(ref ? [{ label: 'nginx /healthz bytes', url: `${ref.url}/healthz.json` }] : []),
      {
        label: 'POST /fn/testFunction',
        url: `${server.url}/fn/testFunction`,
        method: 'POST' as const,
        headers: { 'content-type': 'application/json' },
        body: callBody,
      },
      ...(ref ? [{ label: 'nginx callable bytes', url: `${ref.url}/callable.json` }] : []),
    ]);
    await ref?.stop();
    return {
      title: `Foundation (${healthBody.length} B /healthz, ${callReply.length} B callable reply)`,
      rows: [
        { label: 'GET /healthz', sample: samples.get('GET /healthz')!, reference: samples.get('nginx /healthz bytes') ?? null },
        { label: 'POST /fn/testFunction', sample: samples.get('POST /fn/testFunction')!, reference: samples.get('nginx callable bytes') ?? null },
      ],
    };
  },
};
