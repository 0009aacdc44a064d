import { E2E_DNS_CONTROL_PORT } from './hosts.ts';

/**
 * The e2e server's DNS: its TXT look-ups go to the stand-in that start-server.mjs runs; these
 * set what it answers, through its loopback control endpoint.
 */
const CONTROL = `http://127.0.0.1:${E2E_DNS_CONTROL_PORT}`;

/** Publishes `name IN TXT value…` as a domain owner would at their DNS host (replacing that name's records; none: removes them). */
export async function publishTxtRecord(name: string, ...values: string[]): Promise<void> {
  const response = await fetch(`${CONTROL}/txt/${encodeURIComponent(name)}`, { method: 'PUT', body: JSON.stringify(values) });
  if (response.status !== 204) throw new Error(`The DNS stand-in refused ${name}: ${response.status} ${await response.text()}`);
}
