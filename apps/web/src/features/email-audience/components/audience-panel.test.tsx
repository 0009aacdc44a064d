import { AppError, EMAIL_MESSAGES, type EmailSegment, type ImportRow } from '@shopfront/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { AudiencePanel } from './audience-panel.tsx';
import { IMPORT_TEXT } from './contact-import.tsx';
import { COUNT_DEBOUNCE_MS, SUPPRESSION_NOTE } from './recipient-count.tsx';
import { EMPTY_SEGMENTS_TEXT } from './segments-section.tsx';

const call = fakeFunctions();
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const GLAZE = 'prd_aaaaaaaaaaaaaaaaaaaa';

function testSegment(overrides: Partial<EmailSegment> = {}): EmailSegment {
  return {
    id: 'seg_1',
    storeId: 'store_1',
    name: 'Glaze buyers',
    filter: { boughtProductIds: [GLAZE] },
    recipientCount: 42,
    createdAt: '2026-11-01T10:00:00.000Z',
    updatedAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

function row(overrides: Partial<ImportRow> = {}): ImportRow {
  return { line: 2, email: 'grace@example.com', name: 'Grace', tags: [], marketingConsent: true, outcome: 'create', note: null, error: null, ...overrides };
}

const base = {
  listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
  listProducts: () => ({ products: [testProduct({ id: GLAZE, title: 'Glaze recipes' })], currency: 'USD' }),
  listEmailSegments: () => ({ segments: [testSegment()] }),
  countSegmentRecipients: ({ filter }: { filter: { tags?: string[] } }) => (filter.tags ? { recipients: 3, matching: 5 } : { recipients: 1200, matching: 1310 }),
};

const render = () => renderForCreator(<AudiencePanel />, { path: '/dashboard/email' });
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));

async function pickCsv(user: ReturnType<typeof userEvent.setup>, text = 'email,name\ngrace@example.com,Grace\n') {
  const input = await screen.findByLabelText(IMPORT_TEXT.fileLabel);
  await user.upload(input, new File([text], 'contacts.csv', { type: 'text/csv' }));
  return text;
}

describe('Audience › segments', () => {
  it('lists each segment with its recipient count and what it selects', async () => {
    answerFunctions(call, base);
    render();
    const list = await screen.findByRole('list', { name: 'Segments' });
    await waitFor(() => expect(within(list).getByRole('listitem')).toHaveTextContent('Glaze buyers42 recipients · Bought Glaze recipes'));
  });

  it('shows the empty state', async () => {
    answerFunctions(call, { ...base, listEmailSegments: () => ({ segments: [] }) });
    render();
    expect(await screen.findByText(EMPTY_SEGMENTS_TEXT)).toBeInTheDocument();
  });

  it('counts live: asks only once the typing settles, then shows who will receive and who matches', async () => {
    answerFunctions(call, base);
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New segment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New segment' });
    const count = within(dialog).getByTestId('live-recipient-count');
    await waitFor(() => expect(count).toHaveTextContent('1,200 will receive · 1,310 match'));
    expect(within(dialog).getByText(SUPPRESSION_NOTE)).toBeInTheDocument();

    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    fireEvent.change(within(dialog).getByLabelText('Tagged with any of'), { target: { value: 'vip, ' } });
    await advance(COUNT_DEBOUNCE_MS - 1);
    expect(callsOf(call, 'countSegmentRecipients')).toEqual([{ storeId: 'store_1', filter: {} }]);
    await advance(1);
    // The query answers through timers too (TanStack's batching): let them run before real time returns.
    await advance(100);
    vi.useRealTimers();
    await waitFor(() => expect(count).toHaveTextContent('3 will receive · 5 match'));
    expect(callsOf(call, 'countSegmentRecipients')).toEqual([
      { storeId: 'store_1', filter: {} },
      { storeId: 'store_1', filter: { tags: ['vip'] } },
    ]);
  });

  it('creates a segment from the chosen product, dates and name; refuses reversed dates first', async () => {
    answerFunctions(call, { ...base, createEmailSegment: ({ name, filter }: Pick<EmailSegment, 'name' | 'filter'>) => testSegment({ id: 'seg_2', name, filter }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New segment' }));
    const dialog = await screen.findByRole('dialog', { name: 'New segment' });
    await user.click(await within(dialog).findByRole('button', { name: 'Save segment' }));
    expect(await within(dialog).findByText('Segment name is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Segment name'), 'Bought glaze');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Glaze recipes' }));
    fireEvent.change(within(dialog).getByLabelText('Signed up from'), { target: { value: '2026-06-01' } });
    fireEvent.change(within(dialog).getByLabelText('Signed up to'), { target: { value: '2026-01-01' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    expect(await within(dialog).findByText('The "to" date must be on or after the "from" date')).toBeInTheDocument();
    expect(callsOf(call, 'createEmailSegment')).toEqual([]);

    fireEvent.change(within(dialog).getByLabelText('Signed up to'), { target: { value: '2026-12-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    await waitFor(() =>
      expect(callsOf(call, 'createEmailSegment')).toEqual([
        { storeId: 'store_1', name: 'Bought glaze', filter: { boughtProductIds: [GLAZE], signedUpFrom: '2026-06-01', signedUpTo: '2026-12-31' } },
      ]),
    );
  });

  it('edits a segment with its saved conditions filled in', async () => {
    answerFunctions(call, { ...base, updateEmailSegment: ({ name, filter }: Pick<EmailSegment, 'name' | 'filter'>) => testSegment({ name, filter }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Glaze buyers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Glaze buyers' });
    expect(await within(dialog).findByRole('checkbox', { name: 'Glaze recipes' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Glaze recipes' }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Bought nothing yet/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save segment' }));
    await waitFor(() =>
      expect(callsOf(call, 'updateEmailSegment')).toEqual([{ storeId: 'store_1', segmentId: 'seg_1', name: 'Glaze buyers', filter: { boughtNothing: true } }]),
    );
  });

  it('asks before deleting, and deletes only after the confirmation', async () => {
    answerFunctions(call, { ...base, deleteEmailSegment: () => ({ deleted: true }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete Glaze buyers' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Glaze buyers?' });
    expect(callsOf(call, 'deleteEmailSegment')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete segment' }));
    await waitFor(() => expect(callsOf(call, 'deleteEmailSegment')).toEqual([{ storeId: 'store_1', segmentId: 'seg_1' }]));
  });
});

describe('Audience › CSV import', () => {
  const preview = {
    summary: { totalRows: 4, create: 1, update: 1, skip: 1, errors: 1 },
    rows: [
      row(),
      row({ line: 3, email: 'alan@example.com', name: 'Alan', outcome: 'update', tags: ['vip', 'potter'] }),
      row({ line: 4, email: 'ada@example.com', outcome: 'skip', marketingConsent: false, note: 'Consent withdrawn; kept unsubscribed' }),
      row({ line: 5, email: 'not-an-email', name: '', outcome: 'skip', error: 'Please enter a valid email address' }),
    ],
  };

  it('previews the file: the summary, and each row with its line number, error or note', async () => {
    answerFunctions(call, { ...base, previewContactImport: () => preview });
    render();
    const csv = await pickCsv(userEvent.setup());
    const summary = await screen.findByRole('status', { name: 'Import summary' });
    expect(summary).toHaveTextContent('Rows4New1Updated1Skipped1Errors1');
    expect(callsOf(call, 'previewContactImport')).toEqual([{ storeId: 'store_1', csv }]);
    const rows = within(screen.getByRole('table')).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      '2grace@example.comGraceYesNew',
      '3alan@example.comAlanvip, potterYesUpdate',
      '4ada@example.comGraceNoSkipConsent withdrawn; kept unsubscribed',
      '5not-an-emailYesError: Please enter a valid email address',
    ]);
    expect(screen.getByRole('button', { name: 'Import 2 contacts' })).toBeEnabled();
  });

  it('imports only once the creator confirms consent, then reports the result', async () => {
    answerFunctions(call, { ...base, previewContactImport: () => preview, importContacts: () => preview.summary });
    render();
    const user = userEvent.setup();
    const csv = await pickCsv(user);
    await user.click(await screen.findByRole('button', { name: 'Import 2 contacts' }));
    expect(await screen.findByText(IMPORT_TEXT.consentRequired)).toBeInTheDocument();
    expect(callsOf(call, 'importContacts')).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: IMPORT_TEXT.consentLabel }));
    expect(screen.queryByText(IMPORT_TEXT.consentRequired)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Import 2 contacts' }));
    await waitFor(() => expect(callsOf(call, 'importContacts')).toEqual([{ storeId: 'store_1', csv, consentConfirmed: true, importKey: expect.stringMatching(/^[0-9a-f]{32}$/) }]));
    expect(await screen.findByText('Imported 1 new and 1 updated contacts; 1 skipped, 1 with errors.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('a double click imports once: the button is disabled while the import runs', async () => {
    let finish: (value: unknown) => void = () => {};
    answerFunctions(call, { ...base, previewContactImport: () => preview, importContacts: () => new Promise((resolve) => (finish = resolve)) });
    render();
    const user = userEvent.setup();
    await pickCsv(user);
    await user.click(await screen.findByRole('checkbox', { name: IMPORT_TEXT.consentLabel }));
    // Two clicks in the same task, before React re-renders the button (a real double click can be that fast).
    const button = screen.getByRole('button', { name: 'Import 2 contacts' });
    await act(async () => {
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(await screen.findByRole('button', { name: 'Importing…' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Choose another file' })).toBeDisabled();
    expect(callsOf(call, 'importContacts')).toHaveLength(1);
    finish(preview.summary);
    expect(await screen.findByText('Imported 1 new and 1 updated contacts; 1 skipped, 1 with errors.')).toBeInTheDocument();
    expect(callsOf(call, 'importContacts')).toHaveLength(1);
  });

  it('sends the same key again when the creator retries after a failure, and a new one for a new file', async () => {
    let fail = true;
    answerFunctions(call, {
      ...base,
      previewContactImport: () => preview,
      importContacts: () => {
        if (fail) throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
        return preview.summary;
      },
    });
    render();
    const user = userEvent.setup();
    await pickCsv(user);
    await user.click(await screen.findByRole('checkbox', { name: IMPORT_TEXT.consentLabel }));
    await user.click(screen.getByRole('button', { name: 'Import 2 contacts' }));
    expect(await screen.findByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    fail = false;
    // The error shows a moment before the button is usable again (the import's single flight ends after it): retry as a person would, once it is.
    const retry = screen.getByRole('button', { name: 'Import 2 contacts' });
    await waitFor(() => expect(retry).toBeEnabled());
    await user.click(retry);
    await screen.findByText('Imported 1 new and 1 updated contacts; 1 skipped, 1 with errors.');
    const keys = callsOf(call, 'importContacts').map((input) => (input as { importKey: string }).importKey);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);

    await pickCsv(user);
    await user.click(await screen.findByRole('checkbox', { name: IMPORT_TEXT.consentLabel }));
    await user.click(screen.getByRole('button', { name: 'Import 2 contacts' }));
    await waitFor(() => expect(callsOf(call, 'importContacts')).toHaveLength(3));
    expect((callsOf(call, 'importContacts')[2] as { importKey: string }).importKey).not.toBe(keys[0]);
  });

  it('shows the server’s refusal of a file over 50,000 rows and offers no import', async () => {
    answerFunctions(call, {
      ...base,
      previewContactImport: () => {
        throw new AppError('invalid-argument', EMAIL_MESSAGES.importTooManyRows);
      },
    });
    render();
    await pickCsv(userEvent.setup());
    expect(await screen.findByText('A file can have up to 50,000 rows')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Import/ })).not.toBeInTheDocument();
  });
});
