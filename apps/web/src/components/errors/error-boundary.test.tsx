import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError } from '#src/lib/chunk-error.ts';
import { ErrorBoundary } from './error-boundary.tsx';

function Boom({ error }: { error: Error }): never {
  throw error;
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('ErrorBoundary (spec §2 error screen, §8 stale chunks)', () => {
  it('renders its children when nothing throws', () => {
    render(
      <ErrorBoundary>
        <p>All good</p>
      </ErrorBoundary>,
    );
    expect(screen.getByText('All good')).toBeInTheDocument();
  });

  it('shows "Something went wrong" with a Reload Page button that reloads', async () => {
    const onReload = vi.fn();
    render(
      <ErrorBoundary onReload={onReload}>
        <Boom error={new Error('render failed')} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload Page' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['Chrome', new TypeError('Failed to fetch dynamically imported module: http://x/assets/mode-dashboard-abc.js')],
    ['Firefox', new TypeError('error loading dynamically imported module: http://x/assets/a.js')],
    ['Safari', new TypeError('Importing a module script failed.')],
    ['our own', new ChunkLoadError()],
  ])('asks to refresh when a page chunk fails to load (%s)', async (_browser, error) => {
    const onReload = vi.fn();
    render(
      <ErrorBoundary onReload={onReload}>
        <Boom error={error} />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'A new version is available' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    expect(onReload).toHaveBeenCalledTimes(1);
  });
});
