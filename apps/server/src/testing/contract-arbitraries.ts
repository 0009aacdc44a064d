import fc from 'fast-check';
import { z } from 'zod';

/**
 * fast-check arbitraries for a contract's input, derived from zod 4's own JSON Schema export
 * (decision 016): `z.toJSONSchema(schema, { io: 'input' })` is zod's public, versioned view of
 * the shapes, lengths, patterns, enums and bounds a caller may send.
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

export interface DeriveOptions {
  /** Real values by property name (the caller's store id, a product id…), mixed in so runs get past "not found". */
  known?: Record<string, readonly string[]>;
  /** Mixed in at every leaf, now and then, in place of a well-formed value. */
  hostile?: fc.Arbitrary<unknown>;
}

/** Generated strings stay short so a run is cheap; the 1 MB string is one of the hostile values. */
const MAX_GENERATED_LENGTH = 120;
const MAX_GENERATED_ITEMS = 4;

export function inputArbitrary(schema: z.ZodType, options: DeriveOptions = {}): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return derive(json, options, undefined);
}

/** The input's top-level property names (of every alternative of a union). */
export function topLevelFields(schema: z.ZodType): string[] {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const shapes = json.anyOf ?? json.oneOf ?? [json];
  return [...new Set(shapes.flatMap((shape) => Object.keys(shape.properties ?? {})))];
}

function derive(schema: JsonSchema, options: DeriveOptions, name: string | undefined): fc.Arbitrary<unknown> {
  const wellFormed = deriveWellFormed(schema, options, name);
  if (!options.hostile) return wellFormed;
  return fc.oneof({ arbitrary: wellFormed, weight: 9 }, { arbitrary: options.hostile, weight: 1 });
}

function deriveWellFormed(schema: JsonSchema, options: DeriveOptions, name: string | undefined): fc.Arbitrary<unknown> {
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((option) => derive(option, options, name)));
  if (schema.allOf?.[0]) return derive(schema.allOf[0], options, name);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type) => derive({ ...schema, type }, options, name)));
  switch (schema.type) {
    case 'string':
      return stringArbitrary(schema, options.known?.[name ?? '']);
    case 'integer':
      return fc.integer({ min: bound(schema.minimum, schema.exclusiveMinimum, 1, -1e9), max: bound(schema.maximum, schema.exclusiveMaximum, -1, 1e9) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1e9, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(schema.items ? derive(schema.items, options, name) : fc.jsonValue({ maxDepth: 1 }), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? MAX_GENERATED_ITEMS, MAX_GENERATED_ITEMS)),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([key, value]) => [key, derive(value, options, key)]));
      return fc.record(record, { requiredKeys: (schema.required ?? []).filter((key) => key in properties) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function stringArbitrary(schema: JsonSchema, known: readonly string[] | undefined): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? MAX_GENERATED_LENGTH, MAX_GENERATED_LENGTH));
  const fitting = (value: string) => value.length >= minLength && value.length <= (schema.maxLength ?? Infinity);
  let shaped: fc.Arbitrary<string>;
  if (schema.pattern) shaped = fc.stringMatching(new RegExp(schema.pattern)).filter(fitting);
  else if (schema.format === 'uri') shaped = fc.webUrl().filter(fitting);
  else if (schema.format === 'email') shaped = fc.emailAddress().filter(fitting);
  else shaped = fc.string({ minLength, maxLength, unit: 'grapheme' });
  const arbitraries: fc.WeightedArbitrary<string>[] = [
    { arbitrary: shaped, weight: 3 },
    // Any text at all, so a schema's own refusals are exercised too.
    { arbitrary: fc.string({ maxLength: MAX_GENERATED_LENGTH, unit: 'binary' }), weight: 1 },
  ];
  if (known && known.length > 0) arbitraries.push({ arbitrary: fc.constantFrom(...known), weight: 4 });
  return fc.oneof(...arbitraries);
}

function bound(inclusive: number | undefined, exclusive: number | undefined, step: number, fallback: number): number {
  if (inclusive !== undefined) return inclusive;
  if (exclusive !== undefined) return exclusive + step;
  return fallback;
}
