import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CustomerSignupSchema, LoginFormSchema, PasswordResetSchema, SignupFormSchema, StoreDataSchema } from './forms.ts';

/** Every message a form would show, as `field: message`. */
function errors(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('LoginFormSchema (spec §5)', () => {
  it('accepts and canonicalises a valid form', () => {
    expect(LoginFormSchema.parse({ email: ' A@B.CO ', password: 'x' })).toEqual({ email: 'a@b.co', password: 'x' });
  });
  it('shows the spec messages', () => {
    expect(errors(LoginFormSchema, { email: 'nope', password: '' })).toEqual([
      'email: Please enter a valid email address',
      'password: Password is required',
    ]);
  });
});

describe('SignupFormSchema (spec §5)', () => {
  const valid = { firstName: 'Ada', lastName: 'Lovelace', storeName: 'Ada Makes', email: 'ada@example.com', password: 'secret1' };

  it('accepts a complete form', () => {
    expect(errors(SignupFormSchema, valid)).toEqual([]);
  });

  it('requires every field', () => {
    expect(errors(SignupFormSchema, {})).toEqual([
      'firstName: First name is required',
      'lastName: Last name is required',
      'storeName: Store name is required',
      'email: Please enter a valid email address',
      'password: Password is required',
    ]);
  });

  it.each([
    ['12345', ['password: Password must be at least 6 characters']],
    ['123456', []],
    ['x'.repeat(128), []],
    ['x'.repeat(129), ['password: Password must be at most 128 characters']],
  ])('password %j', (password, expected) => {
    expect(errors(SignupFormSchema, { ...valid, password })).toEqual(expected);
  });

  it.each([
    ['Admin', ['storeName: Please fix the store name issues before continuing']],
    ['Магазин', ['storeName: Please fix the store name issues before continuing']],
    ['A', ['storeName: Please fix the store name issues before continuing']],
    ['AB', []],
    ['s'.repeat(99), []],
    ['s'.repeat(100), ['storeName: Store name must be less than 100 characters']],
  ])('store name %j must yield a valid slug', (storeName, expected) => {
    expect(errors(SignupFormSchema, { ...valid, storeName })).toEqual(expected);
  });

  it('checks a hand-picked slug instead of the derived one', () => {
    expect(errors(SignupFormSchema, { ...valid, storeName: 'Магазин', slug: 'magazin' })).toEqual([]);
    expect(errors(SignupFormSchema, { ...valid, slug: 'bad slug' })).toEqual([
      'slug: Invalid slug format. Use only lowercase letters, numbers, and hyphens.',
    ]);
    expect(errors(SignupFormSchema, { ...valid, slug: 'admin' })).toEqual([
      'slug: This store URL is reserved. Please choose another.',
    ]);
  });
});

describe.each([
  ['PasswordResetSchema', PasswordResetSchema, {}],
  ['CustomerSignupSchema', CustomerSignupSchema, { email: 'buyer@example.com' }],
] as const)('%s (spec §5 passwords match, minimum 6)', (_name, schema, extra) => {
  it.each([
    ['123456', '123456', []],
    ['12345', '12345', ['password: Password must be at least 6 characters']],
    ['123456', '123457', ['confirmPassword: Passwords do not match']],
    ['123456', '', ['confirmPassword: Passwords do not match']],
    ['', '', ['password: Password is required']],
    ['12345', '54321', ['password: Password must be at least 6 characters', 'confirmPassword: Passwords do not match']],
  ])('%j / %j', (password, confirmPassword, expected) => {
    expect(errors(schema, { ...extra, password, confirmPassword })).toEqual(expected);
  });
});

describe('StoreDataSchema (spec §5)', () => {
  it.each([
    [{ name: 'Shop' }, []],
    [{ name: '' }, ['name: Store name is required']],
    [{ name: 'n'.repeat(99), description: 'd'.repeat(499) }, []],
    [{ name: 'n'.repeat(100), description: 'd'.repeat(500) }, [
      'name: Store name must be less than 100 characters',
      'description: Description must be less than 500 characters',
    ]],
  ])('%#', (input, expected) => {
    expect(errors(StoreDataSchema, input)).toEqual(expected);
  });
});
