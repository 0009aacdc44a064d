import { describe, expect, it, vi, type Mock } from 'vitest';
import { callFunction } from '#src/lib/call-function.ts';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { fetchSession } from './fetch-session.ts';

vi.mock('#src/lib/call-function.ts', () => ({ callFunction: vi.fn() }));
const call = callFunction as unknown as Mock;

describe('fetchSession', () => {
  it('asks getCurrentUser and returns the user, or null when signed out', async () => {
    call.mockResolvedValueOnce(TEST_NEW_CREATOR).mockResolvedValueOnce(null);
    await expect(fetchSession()).resolves.toEqual(TEST_NEW_CREATOR);
    await expect(fetchSession()).resolves.toBeNull();
    expect(call).toHaveBeenCalledWith('getCurrentUser', {});
  });
});
