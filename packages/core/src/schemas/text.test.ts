import { describe, expect, it } from 'vitest';
import { contracts } from '../functions/index.ts';
import { MESSAGES } from '../messages.ts';
import { createStoreCustomer } from '../functions/customers.ts';
import { EmailSchema, LoginPasswordSchema, StoreDescriptionSchema, StoreNameSchema } from './fields.ts';
import {
  CheckoutIdSchema,
  ID_PREFIXES,
  idSchema,
  isSafeMultiLineText,
  isSafeSingleLineText,
  multiLineText,
  ProductIdSchema,
  singleLineText,
  StoreIdSchema,
} from './text.ts';

const INVALID = MESSAGES.generic.invalidArgument;
const zeros = (n: number) => '0'.repeat(n);
const CustomerNotesSchemaForTest = createStoreCustomer.input.shape.notes.unwrap();

describe('single-line and multi-line text', () => {
  it.each([
    ['plain text', true, true],
    ['café ☕ 日本 😀', true, true],
    ['tab\there', false, true],
    ['two\nlines', false, true],
    ['crlf\r\nlines', false, true],
    ['nul\u0000', false, false],
    ['\u0001start', false, false],
    ['bell\u0007', false, false],
    ['vertical\u000Btab', false, false],
    ['form\u000Cfeed', false, false],
    ['escape\u001B[31m', false, false],
    ['unit\u001Fsep', false, false],
    ['delete\u007F', false, false],
    ['lone high \uD800', false, false],
    ['lone low \uDC00 here', false, false],
    ['swapped \uDE00\uD83D', false, false],
  ])('%j: single line %s, multi line %s', (value, single, multi) => {
    expect(isSafeSingleLineText(value)).toBe(single);
    expect(isSafeMultiLineText(value)).toBe(multi);
    expect(singleLineText().safeParse(value).success).toBe(single);
    expect(multiLineText().safeParse(value).success).toBe(multi);
  });

  it('refuses with the spec §8 invalid-argument message, before any other rule', () => {
    const result = singleLineText().min(50).safeParse('a\u0000');
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([INVALID]);
  });

  it.each([
    ['EmailSchema', EmailSchema, 'a\u0000@b.co'],
    ['LoginPasswordSchema', LoginPasswordSchema, 'secret\u0000'],
    ['StoreNameSchema', StoreNameSchema, 'My\u0001Store'],
    ['StoreDescriptionSchema', StoreDescriptionSchema, 'lone \uD800'],
    ['customer notes', CustomerNotesSchemaForTest, 'x\u0000'],
  ])('the shared %s refuses control characters', (_name, schema, value) => {
    expect(schema.safeParse(value).error?.issues[0]?.message).toBe(INVALID);
  });

  it('multi-line fields keep tab and newline; single-line fields trim them away at the edges', () => {
    expect(StoreDescriptionSchema.parse('Line one\n\tLine two')).toBe('Line one\n\tLine two');
    expect(CustomerNotesSchemaForTest.parse('a\r\nb\tc')).toBe('a\r\nb\tc');
    expect(EmailSchema.parse(' a@b.co\n')).toBe('a@b.co');
    expect(StoreNameSchema.safeParse('My\nStore').success).toBe(false);
  });
});

describe('ids', () => {
  it.each([
    [StoreIdSchema, `store_${zeros(20)}`, true],
    [StoreIdSchema, `store_${'a1b2c3d4e5f6g7h8i9j0'}`, true],
    [StoreIdSchema, `store_${zeros(19)}`, false],
    [StoreIdSchema, `store_${zeros(21)}`, false],
    [StoreIdSchema, `prd_${zeros(20)}`, false],
    [StoreIdSchema, `STORE_${zeros(20)}`, false],
    [StoreIdSchema, `store_${zeros(19)}A`, false],
    [StoreIdSchema, `store_${zeros(19)}-`, false],
    [StoreIdSchema, `store-${zeros(20)}`, false],
    [StoreIdSchema, ` store_${zeros(20)}`, false],
    [StoreIdSchema, `store_${zeros(20)}\n`, false],
    [StoreIdSchema, `store_${zeros(19)}\u0000`, false],
    [StoreIdSchema, 'x; Domain=evil.example; Max-Age=99999; Path=/', false],
    [StoreIdSchema, 'a\u0001b', false],
    [StoreIdSchema, '', false],
    [StoreIdSchema, 42, false],
    [ProductIdSchema, `prd_${zeros(20)}`, true],
    [ProductIdSchema, `prod_${zeros(20)}`, false],
    [ProductIdSchema, `store_${zeros(20)}`, false],
    [CheckoutIdSchema, `chk_${zeros(20)}`, true],
    [CheckoutIdSchema, `chk_${zeros(21)}`, false],
    [idSchema(), `anything_${zeros(20)}`, true],
    [idSchema(), `_${zeros(20)}`, false],
    [idSchema(), `x_${zeros(19)}`, false],
  ])('%#: %j is %s', (schema, value, valid) => {
    const result = schema.safeParse(value);
    expect(result.success).toBe(valid);
    if (!valid) expect(result.error?.issues[0]?.message).toBe(INVALID);
  });

  it('every prefix is distinct', () => {
    const prefixes = Object.values(ID_PREFIXES);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('every contract field named like an id takes a formatted id', () => {
    const loose: string[] = [];
    for (const [name, contract] of Object.entries(contracts)) {
      const shape = (contract.input as unknown as { shape?: Record<string, unknown> }).shape;
      if (!shape) continue;
      for (const field of Object.keys(shape)) {
        if (!/Id$/.test(field)) continue;
        const probe = { [field]: 'nope' };
        const result = (contract.input as unknown as { safeParse(value: unknown): { error?: { issues: { path: PropertyKey[]; message: string }[] } } }).safeParse(probe);
        const issue = result.error?.issues.find((candidate) => candidate.path[0] === field);
        if (issue?.message !== INVALID) loose.push(`${name}.${field}`);
      }
    }
    expect(loose).toEqual([]);
  });
});
