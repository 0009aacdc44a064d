import type { RegionMirrorState, RegionReport } from '@shopfront/core';
import { useEffect, useState, type ReactNode } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useRegionStatus } from '../api/regions-api.ts';

type Tone = 'good' | 'warn' | 'bad' | 'info';

const TONE_CLASSES: Record<Tone, string> = {
  good: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  warn: 'bg-amber-50 text-amber-900 ring-amber-200',
  bad: 'bg-red-50 text-red-800 ring-red-200',
  info: 'bg-sky-50 text-sky-900 ring-sky-200',
};

/** Each tone has its own shape too, so the state never rests on colour alone. */
const TONE_ICONS: Record<Tone, ReactNode> = {
  good: <path d="M8 12.5l2.5 2.5L16 9.5" />,
  warn: <path d="M12 7v5l3 2" />,
  bad: <path d="M9 9l6 6M15 9l-6 6" />,
  info: <path d="M12 7v5M12 16h.01" />,
};

const STATES: Record<RegionMirrorState, { label: string; tone: Tone }> = {
  streaming: { label: 'Streaming', tone: 'good' },
  lagging: { label: 'Lagging', tone: 'warn' },
  down: { label: 'Mirror down', tone: 'bad' },
  starting: { label: 'Starting', tone: 'info' },
};

function StateBadge({ tone, label }: { tone: Tone; label: string }) {
  return (
    <span className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', TONE_CLASSES[tone])}>
      <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" className="size-4 shrink-0" aria-hidden="true">
        <circle cx="12" cy="12" r="9" />
        {TONE_ICONS[tone]}
      </svg>
      {label}
    </span>
  );
}

/** "3 s", "4 min", "2 h", "3 d": how long ago, to the unit an admin reads at a glance. */
function formatAge(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

const ms = (value: number | null) => (value === null ? 'n/a' : `${value.toLocaleString()} ms`);

/** The clock, ticking every second, so "checked 3 s ago" keeps counting between refetches. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function RegionRow({ title, badge, children }: { title: string; badge: ReactNode; children: ReactNode }) {
  return (
    <li className="min-w-0 rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <h3 className="font-semibold text-slate-900 wrap-anywhere">{title}</h3>
        {badge}
      </div>
      <div className="mt-1 space-y-0.5 text-sm text-slate-600">{children}</div>
    </li>
  );
}

function MirrorRow({ report, now }: { report: RegionReport; now: number }) {
  const age = now - Date.parse(report.checkedAt);
  const state = STATES[report.state];
  return (
    <RegionRow
      title={report.region}
      badge={report.stale ? <StateBadge tone="bad" label="Not reporting" /> : <StateBadge tone={state.tone} label={state.label} />}
    >
      {report.stale ? (
        <p className="font-medium text-red-800">
          No report for {formatAge(age)}: the {report.region} server may be down.
        </p>
      ) : null}
      <p>{report.readsFrom === 'mirror' ? `Visitors read the ${report.region} mirror` : 'Visitors read the primary (fallback)'}</p>
      <p>
        Replication lag {ms(report.lagMs)} · p50 {ms(report.lagP50Ms)} · p99 {ms(report.lagP99Ms)}
      </p>
      {report.detail ? <p className="wrap-anywhere text-slate-700">{report.detail}</p> : null}
      <p className="text-slate-500">
        <time dateTime={report.checkedAt} title={new Date(report.checkedAt).toLocaleString()}>
          checked {formatAge(age)} ago
        </time>
      </p>
    </RegionRow>
  );
}

/** The admin home's data regions: the primary, and what each mirror's server last reported. */
export function RegionsPanel() {
  const status = useRegionStatus();
  const now = useNow();
  let body: ReactNode;
  if (status.isPending) {
    body = <Spinner label="Loading data regions" />;
  } else if (status.isError) {
    body = (
      <Alert title="Could not load the data regions">
        {errorMessage(status.error)}{' '}
        <Button variant="ghost" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  } else {
    const { primaryRegion, servedFrom, maxLagMs, regions } = status.data;
    body = (
      <>
        <p className="text-sm text-slate-600">
          This page was answered by the {servedFrom} server. A mirror more than {ms(maxLagMs)} behind sends its visitors to the primary.
        </p>
        <ul className="mt-3 space-y-3" aria-label="Regions">
          <RegionRow title={primaryRegion} badge={<StateBadge tone="info" label="Primary" />}>
            <p>Primary — all writes</p>
          </RegionRow>
          {regions.map((report) => (
            <MirrorRow key={report.region} report={report} now={now} />
          ))}
        </ul>
        {regions.length === 0 ? <p className="mt-3 text-sm text-slate-600">One region: no mirror has reported. See docs/regions.md to add Sydney.</p> : null}
      </>
    );
  }
  return (
    <section aria-labelledby="admin-regions-title" className="mt-8 min-w-0">
      <h2 id="admin-regions-title" className="mb-2 text-lg font-semibold text-slate-900">
        Data regions
      </h2>
      {body}
    </section>
  );
}
