import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { SourceMap, type SourceMapPayload, type SourceMapping } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { thinToLines, type SourceMapJson } from './line-source-map.ts';

const dir = mkdtempSync(join(tmpdir(), 'line-source-map-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Two modules, several statements per line in places, a multi-line call, and a throw on line 9.
const sources: Record<string, string> = {
  'entry.ts': [
    "import { fail } from './fails.ts';",
    'const values: number[] = [1, 2, 3].map((n) => n * 2); const total = values.reduce((a, b) => a + b, 0);',
    'export function run(times: number): number {',
    '  let sum = 0;',
    '  for (let i = 0; i < times; i++) sum += total;',
    '  return fail(',
    '    sum,',
    '  );',
    '}',
    'run(3);',
  ].join('\n'),
  'fails.ts': [
    '/** Throws with a message naming its input. */',
    'export function fail(value: number): number {',
    '  const doubled = value * 2;',
    '  if (doubled > 1) {',
    '    const label = `value ${doubled}`;',
    '    // The next line throws.',
    '    if (label.length > 0) {',
    '      const message = label.toUpperCase();',
    '      throw new Error(message);',
    '    }',
    '  }',
    '  return doubled;',
    '}',
  ].join('\n'),
};

async function bundle(): Promise<{ code: string; map: SourceMapPayload & SourceMapJson }> {
  for (const [name, text] of Object.entries(sources)) writeFileSync(join(dir, name), text);
  const result = await build({
    entryPoints: [join(dir, 'entry.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    sourcemap: 'linked',
    sourcesContent: false,
    write: false,
    outfile: join(dir, 'out.js'),
    logLevel: 'silent',
  });
  const text = (suffix: string) => result.outputFiles.find((file) => file.path.endsWith(suffix))!.text;
  return { code: text('out.js'), map: JSON.parse(text('out.js.map')) as SourceMapPayload & SourceMapJson };
}

describe('thinToLines', () => {
  it('keeps far fewer mappings, and every generated position still names its original file and line', async () => {
    const { code, map } = await bundle();
    const thin = thinToLines(map, code);
    const full = new SourceMap(map);
    const slim = new SourceMap(thin);
    expect(thin.mappings.split(/[;,]/).filter(Boolean).length).toBeLessThan(map.mappings.split(/[;,]/).filter(Boolean).length / 2);
    code.split('\n').forEach((line, lineNumber) => {
      for (let column = line.length - line.trimStart().length; column < line.length; column++) {
        const expected = full.findEntry(lineNumber, column);
        if (!('originalSource' in expected)) continue;
        const actual = slim.findEntry(lineNumber, column) as Partial<SourceMapping>;
        expect([actual.originalSource, actual.originalLine]).toEqual([expected.originalSource, expected.originalLine]);
      }
    });
  });

  it('lets --enable-source-maps point a stack trace at the original file and line', async () => {
    const { code, map } = await bundle();
    writeFileSync(join(dir, 'out.js'), code);
    writeFileSync(join(dir, 'out.js.map'), JSON.stringify(thinToLines(map, code)));
    const run = spawnSync(process.execPath, ['--enable-source-maps', join(dir, 'out.js')], { encoding: 'utf8' });
    expect(run.stderr).toContain('Error: VALUE 72');
    expect(run.stderr).toMatch(/fails\.ts:9:\d+/);
    expect(run.stderr).toMatch(/entry\.ts:6:\d+/);
  });
});
