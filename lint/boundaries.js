// Import-direction zones for eslint-plugin-import-x's `no-restricted-paths` (decision 015).
// A zone forbids files under `target` from importing files under `from`.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const SERVER = 'apps/server/src';
const WEB = 'apps/web/src';

/**
 * The server's layers, highest first. A layer may import its own layer and any lower one; a lower
 * layer learns of a higher one only through what it is passed (a port, a callback, an event).
 */
export const SERVER_LAYERS = [
  { name: 'composition', paths: ['main.ts', 'app.ts', 'app-jobs.ts', 'cli', 'process'] },
  { name: 'http', paths: ['http'] },
  { name: 'functions', paths: ['functions'] },
  { name: 'domain', paths: ['domain'] },
  { name: 'infrastructure', paths: ['identity', 'jobs', 'storefront', 'files', 'providers', 'analytics'] },
  { name: 'db', paths: ['db'] },
  { name: 'base', paths: ['env.ts', 'env', 'logger.ts', 'paths.ts'] },
];

const serverPath = (p) => `./${SERVER}/${p}`;

export function serverLayerZones() {
  const zones = [];
  SERVER_LAYERS.forEach((layer, index) => {
    const higher = SERVER_LAYERS.slice(0, index).flatMap((l) => l.paths);
    if (higher.length === 0) return;
    for (const target of layer.paths) {
      zones.push({
        target: serverPath(target),
        from: higher.map(serverPath),
        message: `The server's ${layer.name} layer does not import a higher layer; pass what it needs in.`,
      });
    }
  });
  zones.push({ target: `./${SERVER}`, from: serverPath('testing'), message: 'Production code does not import the test kit.' });
  zones.push({ target: `./${SERVER}`, from: `./${WEB}`, message: 'The server never imports web code.' });
  return zones;
}

function folders(path) {
  try {
    return readdirSync(join(repo, path), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  } catch {
    return [];
  }
}

export function webBoundaryZones() {
  const web = (p) => `./${WEB}/${p}`;
  const zones = folders(`${WEB}/features`).map((feature) => ({
    target: web(`features/${feature}`),
    from: web('features'),
    except: [`./${feature}`],
    message: 'A feature imports only its own folder, components/, lib/ and core; compose features in a mode.',
  }));
  zones.push(
    { target: web('features'), from: [web('modes'), web('app'), web('ssr')], message: 'Features do not import modes or the app shell.' },
    { target: [web('components'), web('lib')], from: [web('features'), web('modes'), web('app'), web('ssr')], message: 'components/ and lib/ are shared: they import no feature, mode or app code.' },
  );
  for (const mode of folders(`${WEB}/modes`)) {
    zones.push({
      target: web(`modes/${mode}`),
      from: web('modes'),
      except: [`./${mode}`],
      message: 'Modes do not import each other.',
    });
  }
  zones.push({ target: `./${WEB}`, from: './apps/server', message: 'The web app never imports server code.' });
  return zones;
}

export function coreZones() {
  return [{ target: './packages/core', from: './apps', message: 'core imports neither web nor server.' }];
}
