import { ID_PREFIXES, idSchema } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { newId } from './ids.ts';

describe('newId', () => {
  it.each(Object.values(ID_PREFIXES))('makes %s ids that the contracts accept', (prefix) => {
    for (let i = 0; i < 50; i++) expect(idSchema(prefix).safeParse(newId(prefix)).success).toBe(true);
  });
});
