import { AppError, MESSAGES } from '@shopfront/core';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { UploadHandle } from './upload.ts';
import { useUpload } from './use-upload.ts';

/** An upload the test drives: report progress, answer, fail; abort rejects `cancelled` like the XHR helper. */
function fakeUpload() {
  const sent: { file: File; progress: (fraction: number) => void; resolve: (url: string) => void; reject: (error: unknown) => void; aborted: boolean }[] = [];
  const start = vi.fn((file: File, onProgress: (fraction: number) => void): UploadHandle<{ url: string }> => {
    let resolve!: (url: string) => void;
    let reject!: (error: unknown) => void;
    const promise = new Promise<{ url: string }>((ok, fail) => {
      resolve = (url) => ok({ url });
      reject = fail;
    });
    const entry = { file, progress: onProgress, resolve, reject, aborted: false };
    sent.push(entry);
    return {
      promise,
      abort: () => {
        entry.aborted = true;
        reject(new AppError('cancelled', 'Upload cancelled'));
      },
    };
  });
  return { sent, start };
}

const image = new File(['png'], 'picture.png', { type: 'image/png' });
const check = (file: File) => (file.type === 'image/png' ? null : 'Please upload a PNG image.');

function setup() {
  const { sent, start } = fakeUpload();
  const onDone = vi.fn();
  const hook = renderHook(() => useUpload({ check, start, onDone }));
  return { ...hook, sent, start, onDone };
}

describe('useUpload', () => {
  it('shows progress as a whole percent while the file is sent', () => {
    const { result, sent } = setup();
    act(() => result.current.begin(image));
    expect(result.current.state).toEqual({ status: 'uploading', fraction: 0 });
    expect(result.current.percent).toBe(0);
    act(() => sent[0]!.progress(0.666));
    expect(result.current.percent).toBe(67);
    act(() => sent[0]!.progress(1));
    expect(result.current.percent).toBe(100);
  });

  it('hands the answer to onDone and returns to idle', async () => {
    const { result, sent, onDone } = setup();
    act(() => result.current.begin(image));
    expect(onDone).not.toHaveBeenCalled();
    await act(async () => sent[0]!.resolve('/files/store_1/picture.webp'));
    expect(onDone).toHaveBeenCalledExactlyOnceWith({ url: '/files/store_1/picture.webp' });
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(result.current.percent).toBe(0);
  });

  it('shows the server’s message when the upload fails, and a generic one for anything else', async () => {
    const { result, sent, onDone } = setup();
    act(() => result.current.begin(image));
    await act(async () => sent[0]!.reject(new AppError('invalid-argument', 'Images must be 2 MB or smaller.')));
    expect(result.current.state).toEqual({ status: 'error', message: 'Images must be 2 MB or smaller.' });
    expect(onDone).not.toHaveBeenCalled();

    act(() => result.current.begin(image));
    expect(result.current.state.status).toBe('uploading');
    await act(async () => sent[1]!.reject(new TypeError('boom')));
    expect(result.current.state).toEqual({ status: 'error', message: MESSAGES.generic.internal });
  });

  it('cancels without showing an error', async () => {
    const { result, sent, onDone } = setup();
    act(() => result.current.begin(image));
    act(() => sent[0]!.progress(0.5));
    await act(async () => result.current.cancel());
    expect(sent[0]!.aborted).toBe(true);
    expect(result.current.state).toEqual({ status: 'idle' });
    expect(result.current.percent).toBe(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses a file the check refuses without starting an upload', () => {
    const { result, start } = setup();
    act(() => result.current.begin(new File(['%PDF'], 'guide.pdf', { type: 'application/pdf' })));
    expect(result.current.state).toEqual({ status: 'error', message: 'Please upload a PNG image.' });
    expect(start).not.toHaveBeenCalled();

    act(() => result.current.begin(image));
    expect(start).toHaveBeenCalledOnce();
    expect(result.current.state.status).toBe('uploading');
  });

  it('aborts the upload when the component unmounts', async () => {
    const { result, sent, unmount, onDone } = setup();
    act(() => result.current.begin(image));
    expect(sent[0]!.aborted).toBe(false);
    unmount();
    expect(sent[0]!.aborted).toBe(true);
    await Promise.resolve();
    expect(onDone).not.toHaveBeenCalled();
  });
});
