import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_DIST_DIR } from '../paths.ts';
import { MANIFEST_PATH, SSR_MODULE_PATH } from '../storefront/ssr-renderer.ts';

/** apps/web, as a path: the server imports no web code, it only builds and reads the build. */
const WEB_ROOT = join(WEB_DIST_DIR, '..');
const LOCK = join(tmpdir(), 'shopfront-web-build.lock');
const STALE_LOCK_MS = 5 * 60_000;

const isBuilt = () => existsSync(join(WEB_DIST_DIR, SSR_MODULE_PATH)) && existsSync(join(WEB_DIST_DIR, MANIFEST_PATH));

/**
 * The web build the storefront tests render with (apps/web/dist, the same one the server and the
 * spawned test servers read). `npm test` builds before the unit tests; when a test file is run on
 * its own without a build, the first one that needs it builds it, and a lock directory keeps
 * parallel test files from building at once — the others wait for it.
 */
export async function webDistForTests(): Promise<string> {
  for (const deadline = Date.now() + STALE_LOCK_MS; !isBuilt(); ) {
    if (takeLock()) {
      try {
        if (!isBuilt()) await buildWeb();
      } finally {
        rmSync(LOCK, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() > deadline) throw new Error('timed out waiting for another test file to build apps/web');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return WEB_DIST_DIR;
}

function takeLock(): boolean {
  try {
    mkdirSync(LOCK);
    return true;
  } catch {
    // A lock left by a crashed run does not block forever.
    const lock = statSync(LOCK, { throwIfNoEntry: false });
    if (lock && Date.now() - lock.mtimeMs > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
    return false;
  }
}

/**
 * The real build script in its own process: vitest sets NODE_ENV=test, which an in-process Vite
 * build would inherit (React's development build, far over the storefront budget).
 */
async function buildWeb(): Promise<void> {
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: WEB_ROOT,
    env: { ...process.env, NODE_ENV: 'production' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`apps/web build failed:\n${result.stdout}\n${result.stderr}`);
}
