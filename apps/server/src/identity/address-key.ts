import { createHmac } from 'node:crypto';
import type { Env } from '../env.ts';
import { deriveKey } from './app-secret.ts';

const keys = new Map<string, Buffer>();

/**
 * A client address as a `rate_limits` key part, for limits whose area promises never to store
 * the address (analytics beacons, affiliate tracking): a keyed hash (HMAC under a key derived
 * from the app secret), the same on every server that shares APP_SECRET, so the count is shared
 * but the row does not name the address.
 */
export function addressKey(env: Pick<Env, 'appSecret' | 'dataDir'>, ip: string): string {
  const id = env.appSecret ?? env.dataDir;
  let key = keys.get(id);
  if (!key) keys.set(id, (key = deriveKey(env, 'rate-limit-address')));
  return createHmac('sha256', key).update(ip).digest('base64url').slice(0, 22);
}
