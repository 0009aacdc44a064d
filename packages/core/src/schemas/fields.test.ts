import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  EmailSchema,
  FirstNameSchema,
  LoginPasswordSchema,
  NewPasswordSchema,
  StoreDescriptionSchema,
  StoreNameSchema,
  VerificationCodeSchema,
} from './fields.ts';

/** The first message a form would show, or the parsed value. */
function outcome(schema: z.ZodType, value: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const result = schema.safeParse(value);
  return result.success ? { ok: true, value: result.data } : { ok: false, message: result.error.issues[0]?.message ?? '' };
}
const ok = (value: unknown) => ({ ok: true, value });
const fail = (message: string) => ({ ok: false, message });

const EMAIL = 'Please enter a valid email address';

describe('EmailSchema (spec §5 simple pattern)', () => {
  it.each([
    ['a@b.co', ok('a@b.co')],
    ['  Jane.Doe@Example.COM ', ok('jane.doe@example.com')],
    ['ｊａｎｅ@example.com', ok('jane@example.com')],
    ['first+tag@sub.example.org', ok('first+tag@sub.example.org')],
    ['', fail(EMAIL)],
    ['jane', fail(EMAIL)],
    ['jane@example', fail(EMAIL)],
    ['@example.com', fail(EMAIL)],
    ['jane@@example.com', fail(EMAIL)],
    ['ja ne@example.com', fail(EMAIL)],
    [undefined, fail(EMAIL)],
    [42, fail(EMAIL)],
  ])('%j → %j', (input, expected) => {
    expect(outcome(EmailSchema, input)).toEqual(expected);
  });

  it('allows 254 characters and refuses 255', () => {
    const at = (length: number) => `${'a'.repeat(length - '@example.com'.length)}@example.com`;
    expect(outcome(EmailSchema, at(254))).toEqual(ok(at(254)));
    expect(outcome(EmailSchema, at(255))).toEqual(fail(EMAIL));
  });
});

describe('passwords (spec §5, SECURITY max 128)', () => {
  it.each([
    ['', fail('Password is required')],
    [undefined, fail('Password is required')],
    ['12345', fail('Password must be at least 6 characters')],
    ['123456', ok('123456')],
    [' 1234 ', ok(' 1234 ')],
    ['x'.repeat(128), ok('x'.repeat(128))],
    ['x'.repeat(129), fail('Password must be at most 128 characters')],
  ])('new password %j → %j', (input, expected) => {
    expect(outcome(NewPasswordSchema, input)).toEqual(expected);
  });

  it.each([
    ['', fail('Password is required')],
    ['1', ok('1')],
    [' padded ', ok(' padded ')],
  ])('sign-in password %j → %j', (input, expected) => {
    expect(outcome(LoginPasswordSchema, input)).toEqual(expected);
  });
});

describe('VerificationCodeSchema (spec §5 digits only, exactly 6)', () => {
  const CODE = 'Please enter the 6-digit code';
  it.each([
    ['12345', fail(CODE)],
    ['123456', ok('123456')],
    ['000000', ok('000000')],
    [' 123456 ', ok('123456')],
    ['１２３４５６', ok('123456')],
    ['1234567', fail(CODE)],
    ['12345a', fail(CODE)],
    ['abcdef', fail(CODE)],
    ['123 456', fail(CODE)],
    ['12-456', fail(CODE)],
    ['١٢٣٤٥٦', fail(CODE)],
    ['', fail(CODE)],
    [123456, fail(CODE)],
  ])('%j → %j', (input, expected) => {
    expect(outcome(VerificationCodeSchema, input)).toEqual(expected);
  });
});

describe('store fields (spec §5 name under 100, description under 500)', () => {
  it.each([
    ['', fail('Store name is required')],
    ['   ', fail('Store name is required')],
    [undefined, fail('Store name is required')],
    ['A', ok('A')],
    ['  Trimmed  ', ok('Trimmed')],
    ['n'.repeat(99), ok('n'.repeat(99))],
    ['n'.repeat(100), fail('Store name must be less than 100 characters')],
  ])('name %j → %j', (input, expected) => {
    expect(outcome(StoreNameSchema, input)).toEqual(expected);
  });

  it.each([
    ['', ok('')],
    ['d'.repeat(499), ok('d'.repeat(499))],
    ['d'.repeat(500), fail('Description must be less than 500 characters')],
  ])('description of %#', (input, expected) => {
    expect(outcome(StoreDescriptionSchema, input)).toEqual(expected);
  });

  it.each([
    ['', fail('First name is required')],
    ['Ada', ok('Ada')],
    ['f'.repeat(99), ok('f'.repeat(99))],
    ['f'.repeat(100), fail('Name must be less than 100 characters')],
  ])('first name %#', (input, expected) => {
    expect(outcome(FirstNameSchema, input)).toEqual(expected);
  });
});
