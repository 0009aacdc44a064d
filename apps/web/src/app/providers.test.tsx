import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '#src/lib/toast.ts';
import { Providers } from './providers.tsx';

const config = { productHosts: ['localhost'], environment: 'test' as const, publicUrl: 'http://localhost', bioDomain: null };

describe('Providers', () => {
  it('shows a toast raised before the toaster (its own chunk) has loaded', async () => {
    toast.success('Saved before the toaster arrived');
    render(
      <Providers config={config} queryClient={new QueryClient()}>
        <p>The page</p>
      </Providers>,
    );
    expect(screen.getByText('The page')).toBeInTheDocument();
    expect(await screen.findByText('Saved before the toaster arrived')).toBeInTheDocument();
  });
});
