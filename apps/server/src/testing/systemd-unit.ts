/**
 * Just enough of systemd's unit file syntax (systemd.syntax(7), systemd.exec(5)) to run a unit's
 * ExecStart here the way systemd would: sections, `Key=value` lines (a key may repeat), comments,
 * backslash continuations, quoted words, `Environment=` assignments and environment files.
 */
export type Unit = Map<string, Map<string, string[]>>;

export function parseUnit(text: string): Unit {
  const unit: Unit = new Map();
  let section: Map<string, string[]> | undefined;
  for (const line of text.replace(/\\\n/g, ' ').split('\n').map((raw) => raw.trim())) {
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = new Map();
      unit.set(header[1]!, section);
      continue;
    }
    const equals = line.indexOf('=');
    if (!section || equals < 0) throw new Error(`not a unit file line: ${line}`);
    const key = line.slice(0, equals).trim();
    section.set(key, [...(section.get(key) ?? []), line.slice(equals + 1).trim()]);
  }
  return unit;
}

/** Every value of `key` in `section`, in order (an empty list when it is not set). */
export function unitValues(unit: Unit, section: string, key: string): string[] {
  return unit.get(section)?.get(key) ?? [];
}

/** The last value of `key` (systemd's rule for single-valued settings). */
export function unitValue(unit: Unit, section: string, key: string): string | undefined {
  return unitValues(unit, section, key).at(-1);
}

/** Splits a command line or an Environment= value into words: double or single quotes group. */
export function splitWords(value: string): string[] {
  const words: string[] = [];
  for (const match of value.matchAll(/"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g)) {
    words.push(match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : (match[2] ?? match[3]!));
  }
  return words;
}

/** The variables of every `Environment=` line, later ones winning. */
export function unitEnvironment(unit: Unit): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of unitValues(unit, 'Service', 'Environment')) Object.assign(env, assignments(splitWords(line)));
  return env;
}

/** An EnvironmentFile's variables: `KEY=value` lines (a value may be quoted), `#` and `;` comments. */
export function parseEnvironmentFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`not an environment file line: ${line}`);
    const value = match[2]!.trim();
    env[match[1]!] = /^(["']).*\1$/.test(value) ? value.slice(1, -1) : value;
  }
  return env;
}

function assignments(words: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const word of words) {
    const equals = word.indexOf('=');
    if (equals <= 0) throw new Error(`not an assignment: ${word}`);
    env[word.slice(0, equals)] = word.slice(equals + 1);
  }
  return env;
}

/** A systemd time span in seconds: `45`, `45s`, `1min 30s`, `2m`. */
export function timeSpanSeconds(value: string): number {
  const factors: Record<string, number> = { '': 1, s: 1, sec: 1, second: 1, seconds: 1, m: 60, min: 60, minute: 60, minutes: 60, h: 3600, hr: 3600, hour: 3600, hours: 3600 };
  let total = 0;
  for (const part of value.trim().split(/\s+/)) {
    const match = /^(\d+)([a-z]*)$/.exec(part);
    if (!match || factors[match[2]!] === undefined) throw new Error(`not a time span: ${value}`);
    total += Number(match[1]) * factors[match[2]!]!;
  }
  return total;
}
