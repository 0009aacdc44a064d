import { AppError } from '@shopfront/core';
import { describe, expect, it, vi } from 'vitest';
import { createFirstStore } from './create-first-store.ts';

describe('createFirstStore (calls createStoreWithTenant only when the registry has it)', () => {
  it('takes the store-issue path without calling anything while the contract is missing', async () => {
    const call = vi.fn();
    await expect(createFirstStore({ storeName: 'Cozy Mugs', slug: 'cozy-mugs' }, { checkSlug: {} }, call)).resolves.toEqual({
      status: 'store-issue',
      reason: 'not-available',
    });
    expect(call).not.toHaveBeenCalled();
  });

  it('calls createStoreWithTenant with the store name, slug and an empty description when it exists', async () => {
    const call = vi.fn(async () => ({ id: 'store_1' }));
    await expect(createFirstStore({ storeName: 'Cozy Mugs', slug: 'cozy-mugs' }, { createStoreWithTenant: {} }, call)).resolves.toEqual({ status: 'created' });
    expect(call).toHaveBeenCalledWith('createStoreWithTenant', { storeName: 'Cozy Mugs', slug: 'cozy-mugs', description: '', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  });

  it('reports a store issue when the call fails', async () => {
    const failure = new AppError('already-exists', 'A store with this name already exists');
    const call = vi.fn(async () => {
      throw failure;
    });
    await expect(createFirstStore({ storeName: 'Cozy Mugs', slug: 'cozy-mugs' }, { createStoreWithTenant: {} }, call)).resolves.toEqual({
      status: 'store-issue',
      reason: 'failed',
      error: failure,
    });
  });
});
