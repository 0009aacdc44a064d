import fc from 'fast-check';

/** Values no honest client sends, each named so a failure says which one it was. */

const C0_EXCEPT_NUL = Array.from({ length: 31 }, (_, index) => String.fromCharCode(index + 1)).join('');

function nested(depth: number, wrap: (inner: unknown) => unknown): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = wrap(value);
  return value;
}

/** JSON.parse keeps `__proto__` as an own key, the way the server's body parser sees it. */
const PROTOTYPE_KEYS = JSON.parse(
  '{"__proto__":{"isAdmin":true,"polluted":"yes"},"constructor":{"prototype":{"polluted":"yes"}},"prototype":{"polluted":"yes"}}',
) as Record<string, unknown>;

/** Strings: control characters, broken UTF-16, sizes at and past the body limit. */
export const HOSTILE_STRINGS: Record<string, string> = {
  nul: '\u0000',
  'nul inside': 'store\u0000id',
  'other C0': `a${C0_EXCEPT_NUL}b`,
  'DEL and C1': 'a\u007f\u0085\u009fb',
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': '\udc00',
  'header injection': 'x; Domain=evil.example; Max-Age=99999; Path=/\r\nSet-Cookie: a=b',
  '1 MB string': 'a'.repeat(1_000_000),
  'past the body limit': 'b'.repeat(1024 * 1024 + 1),
};

/** Anything else in place of a field: wrong types, deep nesting, prototype keys. */
export const HOSTILE_SHAPES: Record<string, unknown> = {
  null: null,
  'number instead': 1e308,
  'negative integer': -1,
  'boolean instead': true,
  'empty array': [],
  'empty object': {},
  'array of strings': ['a', 'b'],
  '1000 nested arrays': nested(1000, (inner) => [inner]),
  '1000 nested objects': nested(1000, (inner) => ({ a: inner })),
  'prototype keys': PROTOTYPE_KEYS,
};

export const HOSTILE_VALUES: Record<string, unknown> = { ...HOSTILE_STRINGS, ...HOSTILE_SHAPES };

/** In a field: everything but the body-limit case, which is refused before any field is read. */
export const HOSTILE_FIELD_VALUES: Record<string, unknown> = Object.fromEntries(
  Object.entries(HOSTILE_VALUES).filter(([label]) => label !== 'past the body limit'),
);

/** The whole `data` replaced, or extended with prototype keys. */
export function hostileBodies(wellFormed: unknown): Record<string, unknown> {
  const base = typeof wellFormed === 'object' && wellFormed !== null && !Array.isArray(wellFormed) ? wellFormed : {};
  return {
    ...HOSTILE_VALUES,
    'well-formed plus prototype keys': JSON.parse(JSON.stringify({ ...base }).replace(/^\{/, `{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":"yes"}},`).replace(/,\}$/, '}')),
  };
}

/** The hostile values as one arbitrary, small ones far more often than the megabyte. */
export const hostileArbitrary: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: fc.constantFrom(...Object.entries(HOSTILE_VALUES).filter(([, value]) => !isLarge(value)).map(([, value]) => value)), weight: 9 },
  { arbitrary: fc.constantFrom(HOSTILE_STRINGS['1 MB string']), weight: 1 },
);

function isLarge(value: unknown): boolean {
  return typeof value === 'string' && value.length > 10_000;
}
