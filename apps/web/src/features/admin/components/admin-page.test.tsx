import { AppError, MESSAGES, type AdminAuditEntry, type AdminUserDetail, type AdminUserRow } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, TEST_CREATOR } from '#src/testing/creator-kit.tsx';
import { AdminPage } from './admin-page.tsx';

const call = fakeFunctions();
// A 25-row table makes accessible-name queries slow in jsdom: rows are found by their text.
vi.setConfig({ testTimeout: 20_000 });
afterEach(() => vi.clearAllMocks());

const ADMIN = { ...TEST_CREATOR, uid: 'usr_admin', isAdmin: true, mfaEnabled: true };

function row(n: number, overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return { id: `usr_${n}`, email: `user${n}@example.com`, name: `User ${n}`, isAdmin: false, isActive: true, planId: 'free', storeCount: 1, createdAt: '2026-01-01T00:00:00.000Z', ...overrides };
}

const DETAIL: AdminUserDetail = {
  ...row(1),
  stores: [{ id: 'store_1', slug: 'cozy-mugs', name: 'Cozy Mugs', publishedAt: '2026-01-01T00:00:00.000Z', offlineReason: null, offlineNote: null }],
  signInMethods: { password: true, emailLink: true, oauthProviders: ['google'] },
  mfa: { enabled: true, lockedAt: '2026-02-01T00:00:00.000Z' },
  lastSignInAt: '2026-03-01T00:00:00.000Z',
};

function audit(n: number): AdminAuditEntry {
  return { id: String(n), actorId: 'usr_admin', actorEmail: 'boss@example.com', targetId: 'usr_1', targetLabel: 'user1@example.com', action: 'grant-admin', reason: `reason ${n}`, before: { isAdmin: false }, after: { isAdmin: true }, createdAt: '2026-03-01T00:00:00.000Z' };
}

function answerAdmin(extra: Parameters<typeof answerFunctions>[1] = {}) {
  answerFunctions(call, {
    checkAdminStatus: () => ({ isAdmin: true, mfaVerified: true }),
    getCurrentUser: () => ADMIN,
    getPlatformStats: () => ({
      creators: { total: 120, last30Days: 12 },
      stores: { total: 80, last30Days: 5 },
      sales: { total: 900, last30Days: 40 },
      revenue: [{ currency: 'USD', totalCents: 123_456, last30DaysCents: 4_500 }],
    }),
    getRegionStatus: () => ({ primaryRegion: 'us-central', servedFrom: 'us-central', maxLagMs: 5000, regions: [] }),
    searchAdminUsers: (input: { query?: string; page?: number; pageSize?: number; direction?: string }) => {
      const all = Array.from({ length: 30 }, (_, i) => row(i + 1)).filter((u) => !input.query || u.email.includes(input.query));
      const ordered = input.direction === 'desc' ? [...all].reverse() : all;
      const size = input.pageSize ?? 25;
      const page = input.page ?? 0;
      return { users: ordered.slice(page * size, page * size + size), total: all.length, page, pageSize: size };
    },
    getAdminUser: () => DETAIL,
    getAdminUsers: () => ({ admins: [{ id: 'usr_admin', email: 'boss@example.com', isAdmin: true, planId: 'boss' }, { id: 'usr_2', email: 'ops@example.com', isAdmin: true, planId: 'free' }] }),
    getAdminAuditLog: (input: { cursor?: string }) =>
      input.cursor ? { entries: [audit(1)], nextCursor: null } : { entries: Array.from({ length: 50 }, (_, i) => audit(100 - i)), nextCursor: '51' },
    ...extra,
  });
}

describe('Admin page', () => {
  it('shows the platform numbers on the Overview tab', async () => {
    answerAdmin();
    renderForCreator(<AdminPage />, { user: ADMIN });
    expect(await screen.findByRole('tab', { name: 'Overview', selected: true })).toBeInTheDocument();
    expect(await screen.findByText('Creators')).toBeInTheDocument();
    expect(screen.getByText('12')).toBeInTheDocument();
    expect(screen.getByText('120 all time')).toBeInTheDocument();
    expect(screen.getByText('$1,234.56 all time')).toBeInTheDocument();
    expect(await screen.findByText('One region: no mirror has reported. See docs/regions.md to add Sydney.')).toBeInTheDocument();
  });

  it('moves between tabs with the arrow keys', async () => {
    answerAdmin();
    renderForCreator(<AdminPage />, { user: ADMIN });
    const user = userEvent.setup();
    const overview = await screen.findByRole('tab', { name: 'Overview' });
    overview.focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveFocus();
    expect(await screen.findByRole('tabpanel', { name: 'Users' })).toBeInTheDocument();
  });

  it('lists users a page at a time, searches, sorts, and pages', async () => {
    answerAdmin();
    renderForCreator(<AdminPage />, { path: '/dashboard/x?tab=users', user: ADMIN });
    const user = userEvent.setup();
    expect(await screen.findByText('user1@example.com')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('user26@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: /^Email/ }));
    await waitFor(() => expect(callsOf(call, 'searchAdminUsers').at(-1)).toMatchObject({ sort: 'email', direction: 'desc', page: 0 }));
    expect(screen.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending');

    await user.type(screen.getByLabelText('Search by email or name'), 'user7@');
    await waitFor(() => expect(callsOf(call, 'searchAdminUsers').at(-1)).toMatchObject({ query: 'user7@' }));
    expect(await screen.findByText('user7@example.com')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Search by email or name'));
    await user.type(screen.getByLabelText('Search by email or name'), 'nobody');
    expect(await screen.findByText('No users match “nobody”.')).toBeInTheDocument();
  });

  it('lists the admins above the users (getAdminUsers), and opens one', async () => {
    answerAdmin();
    renderForCreator(<AdminPage />, { path: '/dashboard/x?tab=users', user: ADMIN });
    const user = userEvent.setup();
    const admins = await screen.findByRole('region', { name: 'Admins (2)' }, { timeout: 5_000 });
    expect(within(within(admins).getByRole('list', { name: 'Admins' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['boss@example.com', 'ops@example.com']);
    await user.click(within(admins).getByRole('button', { name: 'ops@example.com' }));
    await waitFor(() => expect(callsOf(call, 'getAdminUser')).toEqual([{ userId: 'usr_2' }]));
  });

  it('opens a user, and grants admin only with a reason, after confirming', async () => {
    answerAdmin({ setUserAdminStatus: () => ({ user: { id: 'usr_1', email: 'user1@example.com', isAdmin: true, planId: 'free' }, changed: true }) });
    renderForCreator(<AdminPage />, { path: '/dashboard/x?tab=users', user: ADMIN });
    const user = userEvent.setup();
    await user.click(await screen.findByText('user1@example.com'));
    expect(await screen.findByText('Password, Email link, google')).toBeInTheDocument();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveAccessibleName('user1@example.com');
    expect(within(dialog).getByText(/Locked since/)).toBeInTheDocument();
    expect(within(dialog).getByText(/\/cozy-mugs · Online/)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Make admin…' }));
    const confirm = await screen.findByRole('dialog', { name: 'Make this user an admin?' });
    await user.click(within(confirm).getByRole('button', { name: 'Make admin' }));
    expect(await within(confirm).findByText('Give a reason.')).toBeInTheDocument();
    expect(callsOf(call, 'setUserAdminStatus')).toEqual([]);
    await user.type(within(confirm).getByLabelText('Reason (kept in the audit log)'), 'Joins the support rota');
    await user.click(within(confirm).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(callsOf(call, 'setUserAdminStatus')).toEqual([{ userId: 'usr_1', isAdmin: true, reason: 'Joins the support rota' }]));
  });

  it('shows the server refusal inside the confirmation (e.g. unpublishing fails)', async () => {
    answerAdmin({
      unpublishStoreForAbuse: () => {
        throw new AppError('not-found', MESSAGES.stores.notFound);
      },
    });
    renderForCreator(<AdminPage />, { path: '/dashboard/x?tab=users', user: ADMIN });
    const user = userEvent.setup();
    await user.click(await screen.findByText('user1@example.com'));
    await user.click(await screen.findByRole('button', { name: 'Unpublish…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Unpublish Cozy Mugs?' });
    await user.type(within(confirm).getByLabelText('Reason (kept in the audit log)'), 'Stolen content');
    await user.click(within(confirm).getByRole('button', { name: 'Unpublish store' }));
    expect(await within(confirm).findByText(MESSAGES.stores.notFound)).toBeInTheDocument();
    expect(callsOf(call, 'unpublishStoreForAbuse')).toEqual([{ storeId: 'store_1', reason: 'Stolen content' }]);
  });

  it('shows the audit log newest first and loads more', async () => {
    answerAdmin();
    renderForCreator(<AdminPage />, { path: '/dashboard/x?tab=audit-log', user: ADMIN });
    const user = userEvent.setup();
    expect(await screen.findByText('reason 100')).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(51);
    // Before and after as one change, so the row fits the screen.
    expect(screen.getAllByRole('columnheader').map((header) => header.textContent?.split(/[↕▲▼]/)[0]?.trim())).toEqual(['Time', 'Actor', 'Action', 'Target', 'Reason', 'Change']);
    expect(screen.getAllByText('isAdmin: false → true')).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('reason 1')).toBeInTheDocument();
    expect(callsOf(call, 'getAdminAuditLog').at(-1)).toEqual({ limit: 50, cursor: '51' });
    expect(screen.getByText('That is the whole log.')).toBeInTheDocument();
  });

  it('shows a load error with a way to try again', async () => {
    answerAdmin({
      getPlatformStats: () => {
        throw new AppError('unavailable', MESSAGES.admin.unavailable);
      },
    });
    renderForCreator(<AdminPage />, { user: ADMIN });
    expect(await screen.findByText(MESSAGES.admin.unavailable)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('asks an admin without two-step verification to enrol, with no admin controls', async () => {
    answerAdmin({ checkAdminStatus: () => ({ isAdmin: true, mfaVerified: false }) });
    renderForCreator(<AdminPage />, { user: ADMIN });
    expect(await screen.findByRole('link', { name: 'Set up two-step verification' })).toHaveAttribute('href', '/dashboard/settings#security');
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(callsOf(call, 'getPlatformStats')).toEqual([]);
  });
});
