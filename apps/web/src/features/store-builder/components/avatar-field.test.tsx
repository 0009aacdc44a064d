import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '#src/testing/fake-xhr.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { AvatarField } from './avatar-field.tsx';

/** The builder form around the field, and what it holds (the draft autosave reads it). */
function Harness({ avatarUrl = null }: { avatarUrl?: string | null }) {
  const form = useForm<ProfileValues>({ defaultValues: { name: 'Fern & Fable', avatarUrl } as ProfileValues });
  return (
    <FormProvider {...form}>
      <AvatarField storeId="store_1" />
      <FormValue />
    </FormProvider>
  );
}
function FormValue() {
  const avatarUrl = useWatch<ProfileValues>({ name: 'avatarUrl' });
  return <output data-testid="form-avatar">{String(avatarUrl)}</output>;
}

const chooseFile = (file: File) => fireEvent.change(document.querySelector('input[type="file"]')!, { target: { files: [file] } });
const png = (bytes = 3) => new File([new Uint8Array(bytes)], 'me.png', { type: 'image/png' });

beforeEach(() => {
  FakeXhr.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

describe('AvatarField', () => {
  it('shows the initial until a picture is uploaded, with progress, then puts its URL in the form', async () => {
    render(<Harness />);
    expect(screen.getByText('F')).toBeInTheDocument();
    chooseFile(png());
    const [request] = FakeXhr.requests as [FakeXhr];
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/api/stores/store_1/avatar');
    act(() => request.progress(1, 2));
    expect(screen.getByRole('progressbar', { name: 'Uploading picture' })).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByText('Uploading… 50%')).toBeInTheDocument();

    await act(async () => request.respond(201, { url: '/files/store_1/avatar-new.webp' }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByRole('img', { name: 'Store picture' })).toHaveAttribute('src', '/files/store_1/avatar-new.webp');
    expect(screen.getByTestId('form-avatar')).toHaveTextContent('/files/store_1/avatar-new.webp');
    expect(screen.getByRole('button', { name: 'Replace picture' })).toBeInTheDocument();
  });

  it('refuses a file that is not an image, or over 2 MB, without sending it', () => {
    render(<Harness />);
    chooseFile(new File(['%PDF'], 'me.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Please upload a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
    chooseFile(png(2 * 1024 * 1024 + 1));
    expect(screen.getByText('Images must be 2 MB or smaller.')).toBeInTheDocument();
    expect(FakeXhr.requests).toEqual([]);
    // Exactly 2 MB is sent.
    chooseFile(png(2 * 1024 * 1024));
    expect(FakeXhr.requests).toHaveLength(1);
  });

  it('shows the server’s refusal and keeps the current picture', async () => {
    render(<Harness avatarUrl="/files/store_1/avatar-old.webp" />);
    chooseFile(png());
    const [request] = FakeXhr.requests as [FakeXhr];
    await act(async () => request.respond(400, { error: { status: 'INVALID_ARGUMENT', message: 'Please upload a PNG, JPEG, WebP or GIF image.' } }));
    expect(await screen.findByText('Please upload a PNG, JPEG, WebP or GIF image.')).toBeInTheDocument();
    expect(screen.getByTestId('form-avatar')).toHaveTextContent('/files/store_1/avatar-old.webp');
  });

  it('cancels an upload without an error, and removes the picture from the form', () => {
    render(<Harness avatarUrl="/files/store_1/avatar-old.webp" />);
    chooseFile(png());
    const [request] = FakeXhr.requests as [FakeXhr];
    fireEvent.click(screen.getByRole('button', { name: 'Cancel upload' }));
    expect(request.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('PNG, JPEG, WebP or GIF, up to 2 MB.')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(screen.getByTestId('form-avatar')).toHaveTextContent('null');
    expect(screen.queryByRole('img', { name: 'Store picture' })).not.toBeInTheDocument();
  });
});
