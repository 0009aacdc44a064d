import { createHmac, randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../env.ts';

export const APP_SECRET_FILE = 'app-secret';
const MIN_LENGTH = 32;
const cache = new Map<string, Buffer>();

/**
 * The server secret behind code HMACs and TOTP secret encryption. APP_SECRET wins; without it a
 * secret is generated once into `${DATA_DIR}/app-secret` (mode 0600), so a single server needs no
 * setup. Several servers sharing one database must set the same APP_SECRET.
 */
export function getAppSecret(env: Pick<Env, 'appSecret' | 'dataDir'>): Buffer {
  if (env.appSecret) return Buffer.from(env.appSecret, 'utf8');
  const cached = cache.get(env.dataDir);
  if (cached) return cached;
  const secret = readOrCreateSecretFile(env.dataDir);
  cache.set(env.dataDir, secret);
  return secret;
}

/** A key for one purpose, so the code HMAC and the TOTP cipher never share key material. */
export function deriveKey(env: Pick<Env, 'appSecret' | 'dataDir'>, purpose: string): Buffer {
  return createHmac('sha256', getAppSecret(env)).update(`shopfront:${purpose}`).digest();
}

function readOrCreateSecretFile(dataDir: string): Buffer {
  const path = join(dataDir, APP_SECRET_FILE);
  const existing = tryRead(path);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  // Written aside, then linked into place: two processes starting at once agree on one secret.
  const temporary = `${path}.${process.pid}.${randomBytes(6).toString('hex')}`;
  writeFileSync(temporary, randomBytes(48).toString('base64url'), { mode: 0o600 });
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    unlinkSync(temporary);
  }
  const created = tryRead(path);
  if (!created) throw new Error(`${path} must hold at least ${MIN_LENGTH} characters`);
  return created;
}

function tryRead(path: string): Buffer | null {
  let text: string;
  try {
    text = readFileSync(path, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  if (text.length < MIN_LENGTH) throw new Error(`${path} must hold at least ${MIN_LENGTH} characters`);
  return Buffer.from(text, 'utf8');
}
