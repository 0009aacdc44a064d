import { CALL_SETTINGS_MESSAGES, type CallSettings, type Product } from '@shopfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { CallSettingsCard } from './call-settings-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const product = { id: 'prd_call', storeId: 'store_1', type: 'call', status: 'draft', title: 'Strategy call' } as Product;
const saved: CallSettings = {
  productId: 'prd_call',
  durationMinutes: 30,
  bufferBeforeMinutes: 0,
  bufferAfterMinutes: 0,
  minNoticeMinutes: 240,
  bookingWindowDays: 60,
  dailyMax: null,
  location: { kind: 'per-booking-link', value: null },
  intakeQuestions: [],
  packageSize: 1,
  packageValidityDays: null,
  changeNoticeHours: 24,
  refundOnCancel: 'full',
  refundTiers: null,
  priceCents: 5000,
  currency: 'usd',
};

describe('a call’s settings in the product editor', { timeout: 30_000 }, () => {
  it('asks for what the server needs, then saves the whole settings in the contract’s units', async () => {
    answerFunctions(call, { getCallSettings: () => saved, updateCallSettings: (input: { settings: object }) => ({ ...saved, ...input.settings }) });
    renderForCreator(<CallSettingsCard product={product} />);
    expect(await screen.findByLabelText('Length (minutes)')).toHaveValue('30');
    expect(screen.getByLabelText('Minimum notice (hours)')).toHaveValue('4');

    await userEvent.click(screen.getByRole('radio', { name: 'Video call, one link for all' }));
    await userEvent.clear(screen.getByLabelText('Length (minutes)'));
    await userEvent.type(screen.getByLabelText('Length (minutes)'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save call settings' }));
    expect(await screen.findByText(CALL_SETTINGS_MESSAGES.duration)).toBeInTheDocument();
    expect(screen.getByText(CALL_SETTINGS_MESSAGES.locationRequired)).toBeInTheDocument();
    expect(callsOf(call, 'updateCallSettings')).toEqual([]);

    await userEvent.type(screen.getByLabelText('Length (minutes)'), '5');
    await userEvent.type(screen.getByRole('textbox', { name: 'Meeting link' }), 'http://meet.example.com/a');
    await userEvent.click(screen.getByRole('button', { name: 'Save call settings' }));
    expect(await screen.findByText(CALL_SETTINGS_MESSAGES.videoUrl)).toBeInTheDocument();

    await userEvent.clear(screen.getByRole('textbox', { name: 'Meeting link' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Meeting link' }), 'https://meet.example.com/a');
    await userEvent.clear(screen.getByLabelText('Free time after (minutes)'));
    await userEvent.type(screen.getByLabelText('Free time after (minutes)'), '15');
    await userEvent.clear(screen.getByLabelText('Minimum notice (hours)'));
    await userEvent.type(screen.getByLabelText('Minimum notice (hours)'), '1.5');
    await userEvent.click(screen.getByRole('button', { name: 'Add a question' }));
    await userEvent.type(screen.getByLabelText('Question 1'), 'What should we talk about?');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Required' }));
    await userEvent.clear(screen.getByLabelText('Calls per purchase'));
    await userEvent.type(screen.getByLabelText('Calls per purchase'), '4');
    await userEvent.click(screen.getByRole('button', { name: 'Save call settings' }));
    // A package of several calls needs its validity.
    expect(await screen.findByText(CALL_SETTINGS_MESSAGES.packageValidity)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Book them within (days)'), '60');
    await userEvent.click(screen.getByRole('button', { name: 'Save call settings' }));

    await waitFor(() => expect(callsOf(call, 'updateCallSettings')).toHaveLength(1));
    expect(callsOf(call, 'updateCallSettings')[0]).toEqual({
      storeId: 'store_1',
      productId: 'prd_call',
      settings: {
        durationMinutes: 45,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: 15,
        minNoticeMinutes: 90,
        bookingWindowDays: 60,
        dailyMax: null,
        location: { kind: 'video-url', value: 'https://meet.example.com/a' },
        intakeQuestions: [{ label: 'What should we talk about?', kind: 'short-text', required: true }],
        packageSize: 4,
        packageValidityDays: 60,
        changeNoticeHours: 24,
        refundOnCancel: 'full',
        refundTiers: null,
      },
    });
  });

  it('a refund by how early the buyer cancels: its hours and percentage, checked before saving', async () => {
    answerFunctions(call, { getCallSettings: () => saved, updateCallSettings: (input: { settings: object }) => ({ ...saved, ...input.settings }) });
    renderForCreator(<CallSettingsCard product={product} />);
    await userEvent.selectOptions(await screen.findByLabelText('When a buyer cancels in time'), 'Refund by how early they cancel');
    const field = (label: string) => screen.getByLabelText(label);
    expect(field('Full refund up to (hours before)')).toHaveValue('48');
    expect(field('Then refund (% of the payment)')).toHaveValue('50');
    expect(field('No refund within (hours before)')).toHaveValue('24');
    await userEvent.clear(field('Then refund (% of the payment)'));
    await userEvent.type(field('Then refund (% of the payment)'), '100');
    await userEvent.clear(field('No refund within (hours before)'));
    await userEvent.type(field('No refund within (hours before)'), '48');
    await userEvent.click(screen.getByRole('button', { name: 'Save call settings' }));
    expect(await screen.findByText(CALL_SETTINGS_MESSAGES.refundPercent)).toBeInTheDocument();
    expect(screen.getByText(CALL_SETTINGS_MESSAGES.refundTiersOrder)).toBeInTheDocument();
    expect(callsOf(call, 'updateCallSettings')).toEqual([]);

    await userEvent.clear(field('Then refund (% of the payment)'));
    await userEvent.type(field('Then refund (% of the payment)'), '99');
    await userEvent.clear(field('No refund within (hours before)'));
    await userEvent.type(field('No refund within (hours before)'), '47');
    await userEvent.click(screen.getByRole('button', { name: 'Save call settings' }));
    await waitFor(() => expect(callsOf(call, 'updateCallSettings')).toHaveLength(1));
    expect(callsOf(call, 'updateCallSettings')[0]).toMatchObject({ settings: { refundOnCancel: 'tiered', refundTiers: { fullHours: 48, partialPercent: 99, noneHours: 47 } } });
  });

  it('asks to save the call first when it is new', () => {
    renderForCreator(<CallSettingsCard product={null} />);
    expect(screen.getByText('Save the call first, then set its length, place and booking rules here.')).toBeInTheDocument();
  });
});
