// Red on purpose: scripts/red-tests.mjs proves the lint project's runner exits non-zero on it.
import { expect, it } from 'vitest';
import { SERVER_LAYERS } from '../boundaries.js';

it('is red on purpose: the server has layers', () => {
  expect(SERVER_LAYERS).toHaveLength(0);
});
