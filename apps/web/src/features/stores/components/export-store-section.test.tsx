import { AppError, MESSAGES } from '@shopfront/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { ExportStoreSection } from './export-store-section.tsx';

const call = fakeFunctions();
const store = testStore();
let saved: { name: string; text: Promise<string> }[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  saved = [];
});

/** What the browser is handed: the file's name and its contents. */
function captureDownloads() {
  const blobs = new Map<string, Blob>();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:export-${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, text: blobs.get(this.href)!.text() });
  });
}

describe('Settings › Your data', () => {
  it('downloads the store export the server made, and says how many members it holds', async () => {
    captureDownloads();
    answerFunctions(call, {
      listMyStores: () => ({ stores: [store], activeStoreId: store.id }),
      exportStoreData: () => ({ filename: 'my-shop-export-2030-04-01.json', json: '{"members":[{},{}]}\n', members: 2 }),
    });
    renderForCreator(<ExportStoreSection />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download store export' }));
    expect(await screen.findByText('Downloaded, with 2 members.')).toBeInTheDocument();
    expect(callsOf(call, 'exportStoreData')).toEqual([{ storeId: store.id }]);
    expect(saved.map((file) => file.name)).toEqual(['my-shop-export-2030-04-01.json']);
    expect(await saved[0]!.text).toBe('{"members":[{},{}]}\n');
  });

  it('shows the server’s message and downloads nothing when the export is refused', async () => {
    captureDownloads();
    answerFunctions(call, {
      listMyStores: () => ({ stores: [store], activeStoreId: store.id }),
      exportStoreData: () => {
        throw new AppError('not-found', MESSAGES.stores.notFound);
      },
    });
    renderForCreator(<ExportStoreSection />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Download store export' }));
    expect(await screen.findByText(MESSAGES.stores.notFound)).toBeInTheDocument();
    expect(saved).toEqual([]);
  });
});
