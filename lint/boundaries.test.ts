// Proves every import rule in eslint.config.js fires: each server layer against every layer above
// it, the web feature and mode rules, the cycle check, the climb and fixture rules, and the web
// tests' refusal of module mocks. Files are linted as if they stood at the given path, importing
// real files of the repo.
import { ESLint } from 'eslint';
import { readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVER_LAYERS } from './boundaries.js';
import { WEB_MODULE_MOCK_FILES } from '../apps/web/module-mock-files.mjs';

const repo = dirname(dirname(fileURLToPath(import.meta.url)));
const eslint = new ESLint({ cwd: repo, ignore: false });

/** A non-test source file under `path` (a file itself, or the first one found in the folder). */
function sourceFileIn(path: string): string {
  if (/\.tsx?$/.test(path)) return path;
  const entries = readdirSync(join(repo, path), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name));
  for (const entry of entries) {
    if (entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.|fixtures|stand-in/.test(entry.name)) return `${path}/${entry.name}`;
  }
  for (const entry of entries) {
    if (entry.isDirectory() && entry.name !== 'testing') return sourceFileIn(`${path}/${entry.name}`);
  }
  throw new Error(`no source file under ${path}`);
}

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(repo, filePath) });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const importOf = (target: string, app: 'server' | 'web') =>
  `import * as target from '#src/${target.replace(`apps/${app}/src/`, '')}';\nexport const used = target;\n`;

const server = (p: string) => `apps/server/src/${p}`;
/** Where a probe stands in a layer: the layer's own file, or a new file in its folder. */
const probeIn = (p: string) => (p.endsWith('.ts') ? server(p) : `${server(p)}/lint-probe.ts`);

describe('server layers', () => {
  const pairs = SERVER_LAYERS.flatMap((lower, i) =>
    SERVER_LAYERS.slice(0, i).flatMap((higher) =>
      lower.paths.map((from) => ({ from, to: higher.paths[0] as string, lower: lower.name, higher: higher.name })),
    ),
  );

  it.each(pairs)('$from ($lower) may not import $to ($higher)', async ({ from, to }) => {
    const ids = await ruleIds(probeIn(from), importOf(sourceFileIn(server(to)), 'server'));
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it.each(SERVER_LAYERS.slice(0, -1).map((l, i) => ({ from: l.paths.find((p) => !p.endsWith('.ts')) ?? 'http', to: SERVER_LAYERS[i + 1]!.paths[0]! })))(
    '$from may import $to below it',
    async ({ from, to }) => {
      const ids = await ruleIds(probeIn(from), importOf(sourceFileIn(server(to)), 'server'));
      expect(ids).not.toContain('import-x/no-restricted-paths');
    },
  );

  it('production code may not import the test kit, tests may', async () => {
    const kit = sourceFileIn(server('testing'));
    expect(await ruleIds(server('domain/lint-probe.ts'), importOf(kit, 'server'))).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(server('domain/lint-probe.test.ts'), importOf(kit, 'server'))).not.toContain('import-x/no-restricted-paths');
  });
});

describe('web features and modes', () => {
  const web = (p: string) => `apps/web/src/${p}`;
  const features = readdirSync(join(repo, web('features'))).sort();
  const [one, two] = features as [string, string];

  it('a feature may not import another feature', async () => {
    const ids = await ruleIds(web(`features/${one}/lint-probe.ts`), importOf(sourceFileIn(web(`features/${two}`)), 'web'));
    expect(ids).toContain('import-x/no-restricted-paths');
  });

  it('a feature may import its own folder, components/ and lib/', async () => {
    for (const target of [web(`features/${one}`), web('components'), web('lib')]) {
      const ids = await ruleIds(web(`features/${one}/lint-probe.ts`), importOf(sourceFileIn(target), 'web'));
      expect(ids, target).not.toContain('import-x/no-restricted-paths');
    }
  });

  it('components/ and lib/ import no feature', async () => {
    const feature = sourceFileIn(web(`features/${one}`));
    expect(await ruleIds(web('components/lint-probe.ts'), importOf(feature, 'web'))).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(web('lib/lint-probe.ts'), importOf(feature, 'web'))).toContain('import-x/no-restricted-paths');
  });

  it('a mode may not import another mode, and a feature no mode', async () => {
    const storefront = sourceFileIn(web('modes/storefront'));
    expect(await ruleIds(web('modes/dashboard/lint-probe.ts'), importOf(storefront, 'web'))).toContain('import-x/no-restricted-paths');
    expect(await ruleIds(web(`features/${one}/lint-probe.ts`), importOf(storefront, 'web'))).toContain('import-x/no-restricted-paths');
  });

  it('web never imports server code, core imports neither', async () => {
    const fromProbe = (probe: string) =>
      `import { buildApp } from '${relative(dirname(join(repo, probe)), join(repo, 'apps/server/src/app.ts'))}';\nexport const used = buildApp;\n`;
    expect(await ruleIds(web('lib/lint-probe.ts'), fromProbe(web('lib/lint-probe.ts')))).toContain('import-x/no-restricted-paths');
    expect(await ruleIds('packages/core/src/lint-probe.ts', fromProbe('packages/core/src/lint-probe.ts'))).toContain('import-x/no-restricted-paths');
  });
});

describe('repository rules', () => {
  it('an import cycle is an error', async () => {
    const results = await eslint.lintFiles(['lint/fixtures/cycle/*.ts']);
    expect(results.flatMap((r) => r.messages.map((m) => m.ruleId))).toEqual(['import-x/no-cycle', 'import-x/no-cycle']);
  });

  it('climbing two folders is an error, one is not', async () => {
    const two = await ruleIds(server('domain/stores/lint-probe.ts'), `import { env } from '../../env.ts';\nexport const used = env;\n`);
    const one = await ruleIds(server('domain/stores/lint-probe.ts'), `import * as m from '../index.ts';\nexport const used = m;\n`);
    expect(two).toContain('no-restricted-imports');
    expect(one).not.toContain('no-restricted-imports');
  });

  it('a web test file may not mock a module, but the listed files that stand in for Puck may', async () => {
    const mocks = `import { vi } from 'vitest';\nvi.mock('#src/lib/call-function.ts', () => ({ callFunction: vi.fn() }));\nvi.doMock('@puckeditor/core', () => ({}));\n`;
    const [result] = await eslint.lintText(mocks, { filePath: join(repo, 'apps/web/src/features/stores/lint-probe.test.tsx') });
    const refusals = (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-properties');
    expect(refusals.map((m) => m.line)).toEqual([2, 3]);
    expect(refusals[0]?.message).toMatch(/vitest #11284.*fakeFunctions\(\)/);
    expect(await ruleIds('apps/web/src/lib/lint-probe.test.ts', mocks)).toContain('no-restricted-properties');
    const listed = WEB_MODULE_MOCK_FILES[0]!;
    expect(await ruleIds(listed, mocks)).not.toContain('no-restricted-properties');
    expect(await ruleIds('apps/web/src/features/stores/lint-probe.test.tsx', `import { vi } from 'vitest';\nvi.fn();\n`)).not.toContain('no-restricted-properties');
  });

  it("an area's fixtures are not imported from another area", async () => {
    const code = `import * as f from '#src/functions/stores/stores-fixtures.ts';\nexport const used = f;\n`;
    expect(await ruleIds(server('functions/orders/orders.test.ts'), code)).toContain('no-restricted-imports');
    const own = `import * as f from './stores-fixtures.ts';\nexport const used = f;\n`;
    expect(await ruleIds(server('functions/stores/stores.test.ts'), own)).not.toContain('no-restricted-imports');
  });
});
