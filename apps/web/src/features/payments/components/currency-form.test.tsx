import { STRIPE_CURRENCIES } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { CurrencyForm } from './currency-form.tsx';

fakeFunctions();

const optionLabels = () => within(screen.getByLabelText('Store currency')).getAllByRole('option').map((option) => option.textContent ?? '');

describe('CurrencyForm', () => {
  it('offers every currency Stripe supports, each with its name', () => {
    renderForCreator(<CurrencyForm storeId="store_1" current="USD" />);
    const labels = optionLabels();
    expect(labels).toHaveLength(STRIPE_CURRENCIES.length);
    expect(labels.length).toBeGreaterThanOrEqual(140);
    expect(labels).toContain('AUD — Australian dollar');
    expect(labels).toContain('JPY — Japanese yen');
    expect(labels).toContain('KWD — Kuwaiti dinar');
    for (const label of labels) expect(label).toMatch(/^[A-Z]{3} — \S/);
    expect(screen.getByLabelText('Store currency')).toHaveValue('USD');
  });

  it.each([
    ['CNH', 'CNH — Chinese Yuan (offshore) (not supported for payments)'],
    ['ZWG', /^ZWG — .+ \(not supported for payments\)$/],
  ])('keeps a store currency Stripe does not support (%s) selected, named, and says to change it', (current, label) => {
    renderForCreator(<CurrencyForm storeId="store_1" current={current} />);
    const labels = optionLabels();
    expect(labels).toHaveLength(STRIPE_CURRENCIES.length + 1);
    expect(labels[0]).toMatch(label);
    for (const text of labels) expect(text).not.toMatch(/^[A-Z]{3}\s*(—\s*)?$/);
    expect(screen.getByLabelText('Store currency')).toHaveValue(current);
    expect(screen.getByText(/Payments cannot be taken in/)).toHaveTextContent(`Payments cannot be taken in ${current}: choose a supported currency.`);
  });
});
