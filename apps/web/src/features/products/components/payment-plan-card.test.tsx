import { AppError, PAYMENT_PLAN_MESSAGES as M, type Product } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { PaymentPlanCard } from './payment-plan-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const course = testProduct({ id: 'prd_course', title: 'Course', type: 'course', priceCents: 29_700 });

describe('Payment plan card', { timeout: 15_000 }, () => {
  it('previews what buyers see, refuses an amount below the price in total before sending, then saves', async () => {
    answerFunctions(call, { updateProduct: (data: Partial<Product>) => ({ ...course, ...data }) });
    renderForCreator(<PaymentPlanCard product={course} />);
    const card = await screen.findByRole('region', { name: 'Payment plan' });
    const user = userEvent.setup();
    await user.selectOptions(within(card).getByLabelText('Instalments'), '3 monthly payments');
    expect(within(card).getByText('Buyers see “3 × $99 monthly (total $297)”.')).toBeInTheDocument();
    const amount = within(card).getByLabelText('Each instalment (USD, optional)');
    await user.type(amount, '98.99');
    await user.click(within(card).getByRole('button', { name: 'Save plan' }));
    expect(await within(card).findByText(M.totalTooLow)).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([]);
    await user.clear(amount);
    await user.type(amount, '105');
    await user.click(within(card).getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText('Payment plan saved.')).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([{ storeId: course.storeId, productId: course.id, planInstalments: 3, planInstalmentCents: 10_500 }]);
  });

  it('removes the plan, and shows the server’s refusal', async () => {
    answerFunctions(call, {
      updateProduct: () => {
        throw new AppError('invalid-argument', M.notFixedPrice);
      },
    });
    renderForCreator(<PaymentPlanCard product={{ ...course, planInstalments: 3 }} />);
    const card = await screen.findByRole('region', { name: 'Payment plan' });
    const user = userEvent.setup();
    expect(within(card).getByLabelText('Instalments')).toHaveValue('3');
    await user.selectOptions(within(card).getByLabelText('Instalments'), 'No payment plan');
    await user.click(within(card).getByRole('button', { name: 'Save plan' }));
    expect(await within(card).findByText(M.notFixedPrice)).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([{ storeId: course.storeId, productId: course.id, planInstalments: null, planInstalmentCents: null }]);
  });

  it('is only offered for downloads and courses', () => {
    renderForCreator(<PaymentPlanCard product={testProduct({ type: 'call' })} />);
    renderForCreator(<PaymentPlanCard product={testProduct({ type: 'membership' })} />);
    expect(screen.queryByRole('region', { name: 'Payment plan' })).toBeNull();
  });
});
