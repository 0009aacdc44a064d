// Red on purpose: scripts/red-tests.mjs proves the web project's runner (jsdom) exits non-zero on it.
import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';

it('is red on purpose: the heading says Shopfront, not Elsewhere', () => {
  render(<h1>Shopfront</h1>);
  expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Elsewhere');
});
