import { AppError, MESSAGES, type FunctionOutput, type RegionReport } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { RegionsPanel } from './regions-panel.tsx';

const call = fakeFunctions();

const NOW = new Date('2026-05-04T10:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms).toISOString();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

const STREAMING: RegionReport = {
  region: 'sydney',
  state: 'streaming',
  readsFrom: 'mirror',
  lagMs: 38,
  lagP50Ms: 35,
  lagP99Ms: 80,
  detail: null,
  checkedAt: ago(3_000),
  stale: false,
};

function answer(regions: RegionReport[] | (() => never)) {
  answerFunctions(call, {
    getRegionStatus: (): FunctionOutput<'getRegionStatus'> => {
      if (typeof regions === 'function') return regions();
      return { primaryRegion: 'us-central', servedFrom: 'us-central', maxLagMs: 5000, regions };
    },
  });
}

const regionRow = async (name: string) => (await screen.findByRole('heading', { name })).closest('li') as HTMLElement;

describe('Admin › Data regions', () => {
  it('shows a streaming mirror: its state in words, where visitors read, the lag and when it was checked', async () => {
    answer([STREAMING]);
    renderForCreator(<RegionsPanel />);
    const primary = await regionRow('us-central');
    expect(primary).toHaveTextContent('Primary — all writes');
    const sydney = await regionRow('sydney');
    expect(within(sydney).getByText('Streaming')).toBeInTheDocument();
    expect(within(sydney).getByText('Visitors read the sydney mirror')).toBeInTheDocument();
    expect(within(sydney).getByText('Replication lag 38 ms · p50 35 ms · p99 80 ms')).toBeInTheDocument();
    expect(within(sydney).getByText('checked 3 s ago')).toBeInTheDocument();
    expect(sydney).not.toHaveTextContent('No report for');
    expect(screen.getByText(/more than 5,000 ms behind/)).toBeInTheDocument();
    expect(screen.queryByText(/no mirror has reported/)).not.toBeInTheDocument();
  });

  it('shows a down mirror falling back to the primary, with n/a lag and the detail', async () => {
    answer([{ ...STREAMING, state: 'down', readsFrom: 'primary', lagMs: null, lagP50Ms: null, lagP99Ms: null, detail: 'could not connect to the mirror database' }]);
    renderForCreator(<RegionsPanel />);
    const sydney = await regionRow('sydney');
    expect(within(sydney).getByText('Mirror down')).toBeInTheDocument();
    expect(within(sydney).getByText('Visitors read the primary (fallback)')).toBeInTheDocument();
    expect(within(sydney).getByText('Replication lag n/a · p50 n/a · p99 n/a')).toBeInTheDocument();
    expect(within(sydney).getByText('could not connect to the mirror database')).toBeInTheDocument();
  });

  it('says a region that stopped reporting may be down, and keeps counting between refetches every 10 s', async () => {
    answer([{ ...STREAMING, checkedAt: ago(5 * 60_000 + 20_000), stale: true }]);
    renderForCreator(<RegionsPanel />);
    const sydney = await regionRow('sydney');
    expect(within(sydney).getByText('No report for 5 min: the sydney server may be down.')).toBeInTheDocument();
    expect(within(sydney).getByText('Not reporting')).toBeInTheDocument();
    expect(within(sydney).queryByText('Streaming')).not.toBeInTheDocument();
    expect(within(sydney).getByText('checked 5 min ago')).toBeInTheDocument();
    expect(callsOf(call, 'getRegionStatus')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(9_900);
    expect(callsOf(call, 'getRegionStatus')).toHaveLength(1);
    expect(within(sydney).getByText('No report for 5 min: the sydney server may be down.')).toBeInTheDocument();
    await vi.advanceTimersByTimeAsync(100);
    expect(callsOf(call, 'getRegionStatus')).toHaveLength(2);
    // 40 s on, the same old report has become 6 min old.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await screen.findByText('No report for 6 min: the sydney server may be down.')).toBeInTheDocument();
  });

  it('says when no mirror has reported, still listing the primary', async () => {
    answer([]);
    renderForCreator(<RegionsPanel />);
    expect(await screen.findByText('One region: no mirror has reported. See docs/regions.md to add Sydney.')).toBeInTheDocument();
    expect(await regionRow('us-central')).toHaveTextContent('Primary — all writes');
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('shows a load error with a way to try again', async () => {
    let fail = true;
    answerFunctions(call, {
      getRegionStatus: () => {
        if (fail) throw new AppError('unavailable', MESSAGES.admin.unavailable);
        return { primaryRegion: 'us-central', servedFrom: 'us-central', maxLagMs: 5000, regions: [STREAMING] };
      },
    });
    renderForCreator(<RegionsPanel />);
    expect(await screen.findByText(MESSAGES.admin.unavailable)).toBeInTheDocument();
    fail = false;
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Streaming')).toBeInTheDocument();
  });
});
