import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UploadProgress } from './upload-progress.tsx';

const running = { name: 'lesson-1.mp4', fraction: 0.42, error: null };

describe('a lesson upload in progress', () => {
  it('asks before cancelling, and keeps uploading when the creator says so', async () => {
    const onCancel = vi.fn();
    render(<UploadProgress state={running} onCancel={onCancel} onDismiss={vi.fn()} />);
    expect(screen.getByText('Uploading: 42%')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Cancel upload of lesson-1.mp4' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel upload of lesson-1.mp4?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep uploading' }));
    expect(onCancel).not.toHaveBeenCalled();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel upload of lesson-1.mp4' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel upload' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('offers to dismiss a refused upload, with the server’s message', async () => {
    const onDismiss = vi.fn();
    render(<UploadProgress state={{ ...running, error: 'This file is too large.' }} onCancel={vi.fn()} onDismiss={onDismiss} />);
    expect(screen.getByText('This file is too large.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Dismiss lesson-1.mp4' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
  });
});
