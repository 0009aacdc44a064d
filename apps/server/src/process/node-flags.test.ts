import { describe, expect, it } from 'vitest';
import { SERVER_NODE_FLAGS, withServerNodeFlags } from './node-flags.ts';

describe('the server processes\' V8 flags', () => {
  it('adds the young-generation cap to a bare command line, after what it had', () => {
    expect(withServerNodeFlags(['--enable-source-maps'])).toEqual(['--enable-source-maps', ...SERVER_NODE_FLAGS]);
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=16');
  });

  it('keeps an operator\'s own value of the same flag', () => {
    expect(withServerNodeFlags(['--max-semi-space-size=64'])).toEqual(['--max-semi-space-size=64']);
  });
});
