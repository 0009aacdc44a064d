import { AppError, EMAIL_MESSAGES } from '@shopfront/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { BASE_ANSWERS, PRODUCT_ID, SEGMENT_ID, testCampaign } from '../campaign-fixtures.ts';
import { CampaignScreen } from './campaign-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
// Whole editor screens (Tiptap, the preview, several queries) render slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const DRAFT = testCampaign();
const renderNew = () => renderForCreator(<CampaignScreen campaignId="new" />, { path: '/dashboard/email/campaigns/new' });
const renderDraft = () => renderForCreator(<CampaignScreen campaignId={DRAFT.id} />, { path: `/dashboard/email/campaigns/${DRAFT.id}` });
const blockNames = () => within(screen.getByRole('list', { name: 'Email blocks' })).getAllByRole('group').map((group) => group.getAttribute('aria-label'));

describe('the campaign editor', () => {
  it('refuses to save without a subject, and names what a block is missing', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, createEmailCampaign: () => DRAFT });
    renderNew();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Heading' }));
    await user.click(screen.getByRole('button', { name: 'Add Button' }));
    // Pasted, not typed: each keystroke re-renders the whole editor and its preview, and 25 of them
    // took most of the test's budget on a busy machine; this test is about what Save refuses.
    await user.click(screen.getByLabelText('Button label'));
    await user.paste('Get it');
    await user.click(screen.getByLabelText('Button link'));
    await user.paste('javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));

    expect(await screen.findByText(EMAIL_MESSAGES.subjectRequired)).toBeInTheDocument();
    expect(screen.getByText('Add the heading text (up to 200 characters)')).toBeInTheDocument();
    expect(screen.getByText(EMAIL_MESSAGES.invalidUrl)).toBeInTheDocument();
    expect(callsOf(call, 'createEmailCampaign')).toEqual([]);

    await user.click(screen.getByLabelText('Subject'));
    await user.paste('x'.repeat(201));
    // The field stops at the limit: 200 characters go in, the 201st does not.
    expect(screen.getByLabelText('Subject')).toHaveValue('x'.repeat(200));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(screen.queryByText(EMAIL_MESSAGES.subjectRequired)).not.toBeInTheDocument());
    expect(screen.getByText(EMAIL_MESSAGES.invalidUrl)).toBeInTheDocument();
    expect(callsOf(call, 'createEmailCampaign')).toEqual([]);
  });

  it('adds, reorders and removes blocks with the keyboard, then saves them in that order', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, createEmailCampaign: () => DRAFT });
    renderNew();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Heading' }));
    await user.click(screen.getByLabelText('Heading text'));
    await user.paste('Spring is here');
    await user.click(screen.getByRole('button', { name: 'Add Divider' }));
    await user.click(screen.getByRole('button', { name: 'Add Product card' }));
    await user.selectOptions(screen.getByLabelText('Product'), PRODUCT_ID);
    expect(blockNames()).toEqual(['Block 1: Heading', 'Block 2: Divider', 'Block 3: Product card']);

    // Keyboard: focus "Move up" of the product card and press Enter twice; focus follows the block.
    screen.getByRole('button', { name: 'Move Block 3: Product card up' }).focus();
    await user.keyboard('{Enter}');
    expect(blockNames()).toEqual(['Block 1: Heading', 'Block 2: Product card', 'Block 3: Divider']);
    expect(screen.getByRole('button', { name: 'Move Block 2: Product card up' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(blockNames()).toEqual(['Block 1: Product card', 'Block 2: Heading', 'Block 3: Divider']);
    // At the top, "Move up" is disabled and focus moves to its twin.
    expect(screen.getByRole('button', { name: 'Move Block 1: Product card up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Block 1: Product card down' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Block 3: Divider' }));
    expect(blockNames()).toEqual(['Block 1: Product card', 'Block 2: Heading']);

    await user.click(screen.getByLabelText('Subject'));
    await user.paste('New glazes');
    await user.selectOptions(screen.getByLabelText('Audience'), SEGMENT_ID);
    expect(screen.getByText(/^2 people can get this email now/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(callsOf(call, 'createEmailCampaign')).toHaveLength(1));
    const [{ fields }] = callsOf(call, 'createEmailCampaign') as [{ fields: { body: unknown[]; subject: string; segmentId: string } }];
    expect(fields.subject).toBe('New glazes');
    expect(fields.segmentId).toBe(SEGMENT_ID);
    expect(fields.body).toEqual([
      { id: expect.any(String), type: 'product', productId: PRODUCT_ID },
      { id: expect.any(String), type: 'heading', text: 'Spring is here' },
    ]);
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
  });

  it('shows the rendered email in a sandboxed frame, at desktop and phone widths', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, getEmailCampaign: () => DRAFT });
    renderDraft();
    const frame = await screen.findByTitle('Email preview at desktop width');
    expect(frame).toHaveAttribute('sandbox', '');
    expect(frame).toHaveAttribute('srcdoc', '<p>New glazes are here</p>');
    expect(frame).toHaveStyle({ width: '600px' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Phone' }));
    expect(screen.getByTitle('Email preview at phone width')).toHaveStyle({ width: '375px' });
    expect(screen.getByRole('button', { name: 'Phone' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('sends a test to the creator and says where it went', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, getEmailCampaign: () => DRAFT, sendTestEmail: () => ({ sentTo: 'ada@example.com' }) });
    renderDraft();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Send a test to me' }));
    expect(await screen.findByText('Test sent to ada@example.com')).toBeInTheDocument();
    expect(callsOf(call, 'sendTestEmail')).toEqual([{ storeId: 'store_1', campaignId: DRAFT.id }]);
    expect(callsOf(call, 'updateEmailCampaign')).toEqual([]);
  });

  it('a double click on Save draft creates one campaign, with the other actions disabled meanwhile', async () => {
    let finishCreate: (value: unknown) => void = () => {};
    answerFunctions(call, {
      ...BASE_ANSWERS,
      createEmailCampaign: () => new Promise((resolve) => (finishCreate = resolve)),
      getEmailCampaign: () => DRAFT,
      sendTestEmail: () => ({ sentTo: 'ada@example.com' }),
    });
    renderNew();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Subject'), 'Spring is here');
    const twice = async (button: HTMLElement) =>
      act(async () => {
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
        button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      });
    await twice(screen.getByRole('button', { name: 'Save draft' }));
    await waitFor(() => expect(callsOf(call, 'createEmailCampaign')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Send a test to me' })).toBeDisabled();
    finishCreate(DRAFT);
    expect(await screen.findByText('Draft saved.')).toBeInTheDocument();
    expect(callsOf(call, 'createEmailCampaign')).toHaveLength(1);
  });

  it('shows the server’s refusal to send, with the way to Settings › Email', async () => {
    answerFunctions(call, {
      ...BASE_ANSWERS,
      getEmailCampaign: () => DRAFT,
      scheduleEmailCampaign: () => {
        throw new AppError('failed-precondition', EMAIL_MESSAGES.postalAddressRequired);
      },
    });
    renderDraft();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send or schedule…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this campaign' });
    expect(dialog).toHaveTextContent('To: Everyone who opted in');
    await user.click(within(dialog).getByRole('button', { name: 'Send now' }));
    expect(await within(dialog).findByText(EMAIL_MESSAGES.postalAddressRequired)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Open Settings › Email' })).toHaveAttribute('href', '/dashboard/settings#email');
    expect(callsOf(call, 'scheduleEmailCampaign')).toEqual([{ storeId: 'store_1', campaignId: DRAFT.id, sendAt: null }]);
  });

  it('asks before deleting a draft, and deletes only after the confirmation', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, getEmailCampaign: () => DRAFT, deleteEmailCampaign: () => ({ deleted: true }) });
    renderDraft();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this campaign?' });
    expect(callsOf(call, 'deleteEmailCampaign')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete campaign' }));
    await waitFor(() => expect(callsOf(call, 'deleteEmailCampaign')).toEqual([{ storeId: 'store_1', campaignId: DRAFT.id }]));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });

  it('asks before leaving with unsaved changes', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, getEmailCampaign: () => DRAFT });
    renderDraft();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Subject'), '!');
    expect(screen.getByText('You have unsaved changes')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '← All campaigns' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Subject')).toHaveValue('New glazes are here!');
    await user.click(screen.getByRole('link', { name: '← All campaigns' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }));
    expect(await screen.findByRole('heading', { name: 'Elsewhere' })).toBeInTheDocument();
  });
});
