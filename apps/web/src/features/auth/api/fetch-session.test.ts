import { describe, expect, it } from 'vitest';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { fetchSession } from './fetch-session.ts';

const call = fakeFunctions();

describe('fetchSession', () => {
  it('asks getCurrentUser and returns the user, or null when signed out', async () => {
    call.mockResolvedValueOnce(TEST_NEW_CREATOR).mockResolvedValueOnce(null);
    await expect(fetchSession()).resolves.toEqual(TEST_NEW_CREATOR);
    await expect(fetchSession()).resolves.toBeNull();
    expect(call).toHaveBeenCalledWith('getCurrentUser', {});
  });
});
