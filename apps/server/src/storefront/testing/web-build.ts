import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WEB_DIST_DIR } from '../../paths.ts';
import { MANIFEST_PATH, SSR_MODULE_PATH } from '../ssr-renderer.ts';

/** apps/web, as a path: the server imports no web code, it only builds and reads the build. */
const WEB_ROOT = join(WEB_DIST_DIR, '..');
const LOCK = join(tmpdir(), 'shopfront-web-build.lock');
const STALE_LOCK_MS = 5 * 60_000;

const isBuilt = () => existsSync(join(WEB_DIST_DIR, SSR_MODULE_PATH)) && existsSync(join(WEB_DIST_DIR, MANIFEST_PATH));

/**
 * The web build the storefront tests render with (apps/web/dist, the same one the server and the
 * spawned test servers read). `npm test` runs the unit tests before anything is built, so the
 * first test file that needs it builds it; a lock directory keeps parallel test files from
 * building at once — the others wait for it.
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

async function buildWeb(): Promise<void> {
  const { createBuilder } = await import('vite');
  const builder = await createBuilder({ root: WEB_ROOT, configFile: join(WEB_ROOT, 'vite.config.ts'), logLevel: 'warn' });
  await builder.buildApp();
}
