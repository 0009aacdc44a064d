import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { DownloadLimitCard } from './download-limit-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const product = testProduct({ type: 'digital', status: 'published' });

describe('download limit card', { timeout: 15_000 }, () => {
  it('shows unlimited by default, saves a limit, and clears it back to unlimited', async () => {
    let saved: number | null = null;
    answerFunctions(call, {
      getDownloadLimit: () => ({ downloadLimit: saved }),
      setDownloadLimit: (data: { downloadLimit: number | null }) => {
        saved = data.downloadLimit;
        return { downloadLimit: saved };
      },
    });
    renderForCreator(<DownloadLimitCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Download limit' });
    const input = within(card).getByLabelText('Downloads per file');
    await waitFor(() => expect(input).toBeEnabled());
    expect(input).toHaveValue('');
    const user = userEvent.setup();
    await user.type(input, '3');
    await user.click(within(card).getByRole('button', { name: 'Save limit' }));
    expect(await screen.findByText('Each buyer can download each file 3 times.')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '{Enter}');
    expect(await screen.findByText('Downloads are unlimited.')).toBeInTheDocument();
    expect(callsOf(call, 'setDownloadLimit')).toEqual([
      { storeId: product.storeId, productId: product.id, downloadLimit: 3 },
      { storeId: product.storeId, productId: product.id, downloadLimit: null },
    ]);
  });

  it('refuses 0, fractions and more than the maximum before sending; shows the server’s refusal', async () => {
    answerFunctions(call, {
      getDownloadLimit: () => ({ downloadLimit: 2 }),
      setDownloadLimit: () => {
        throw new AppError('not-found', 'Product not found');
      },
    });
    renderForCreator(<DownloadLimitCard product={product} />);
    const card = await screen.findByRole('region', { name: 'Download limit' });
    const input = within(card).getByLabelText('Downloads per file');
    await waitFor(() => expect(input).toHaveValue('2'));
    const user = userEvent.setup();
    for (const bad of ['0', '1.5', '1001']) {
      await user.clear(input);
      await user.type(input, bad);
      await user.click(within(card).getByRole('button', { name: 'Save limit' }));
      expect(await within(card).findByText(COMMERCE_MESSAGES.downloadLimitInvalid)).toBeInTheDocument();
    }
    expect(callsOf(call, 'setDownloadLimit')).toEqual([]);
    await user.clear(input);
    await user.type(input, '5');
    await user.click(within(card).getByRole('button', { name: 'Save limit' }));
    expect(await within(card).findByText('Product not found')).toBeInTheDocument();
  });

  it('is not shown for links, archived products, or a product not saved yet', () => {
    answerFunctions(call, {});
    const { container } = renderForCreator(
      <>
        <DownloadLimitCard product={null} />
        <DownloadLimitCard product={testProduct({ type: 'link' })} />
        <DownloadLimitCard product={testProduct({ status: 'archived' })} />
      </>,
    );
    expect(within(container).queryByRole('region', { name: 'Download limit' })).not.toBeInTheDocument();
  });
});
