import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StoreOfflineView } from './store-offline-view.tsx';

describe('StoreOfflineView', () => {
  it('says the store is offline, names it, and links home — nothing about why', () => {
    render(<StoreOfflineView storeName="Cozy Mugs" homeHref="/" />);
    expect(screen.getByRole('heading', { level: 1, name: 'This store is offline' })).toBeInTheDocument();
    expect(screen.getByText('Cozy Mugs')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Shopfront' })).toHaveAttribute('href', '/');
  });
});
