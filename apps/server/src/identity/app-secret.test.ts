import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { APP_SECRET_FILE, deriveKey, getAppSecret } from './app-secret.ts';
import { hashVerificationCode } from './verification-codes.ts';

describe('the server secret', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'shopfront-secret-'));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  it('uses APP_SECRET when set', () => {
    const appSecret = 's'.repeat(40);
    expect(getAppSecret({ appSecret, dataDir: '/nonexistent' }).toString()).toBe(appSecret);
  });

  it('otherwise generates one into DATA_DIR/app-secret, readable by the owner only, and keeps it', () => {
    const dataDir = join(freshDir(), 'nested');
    const secret = getAppSecret({ appSecret: null, dataDir });
    const path = join(dataDir, APP_SECRET_FILE);
    expect(readFileSync(path, 'utf8')).toBe(secret.toString());
    expect(secret.length).toBeGreaterThanOrEqual(32);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(getAppSecret({ appSecret: null, dataDir }).equals(secret)).toBe(true);
  });

  it('refuses a secret file that is too short', () => {
    const dataDir = freshDir();
    writeFileSync(join(dataDir, APP_SECRET_FILE), 'short');
    expect(() => getAppSecret({ appSecret: null, dataDir })).toThrow(/at least 32/);
  });

  it('keys code hashes: another secret, email or purpose gives another hash', () => {
    const env = { appSecret: 'a'.repeat(32), dataDir: '/x' };
    const binding = { realm: 'platform', email: 'ada@example.com', purpose: 'signup' as const };
    const hash = hashVerificationCode(env, binding, '123456');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hashVerificationCode({ ...env, appSecret: 'b'.repeat(32) }, binding, '123456')).not.toBe(hash);
    expect(hashVerificationCode(env, { ...binding, email: 'eve@example.com' }, '123456')).not.toBe(hash);
    expect(hashVerificationCode(env, { ...binding, purpose: 'password-reset' }, '123456')).not.toBe(hash);
    expect(deriveKey(env, 'a').equals(deriveKey(env, 'b'))).toBe(false);
  });
});
