import { useId } from 'react';
import { Link } from 'react-router';
import { useEveryoneCount, useSegments } from '../api/campaigns-api.ts';
import { CAMPAIGN_PATHS } from '../lib/campaign-paths.ts';

const people = (count: number) => (count === 1 ? '1 person' : `${count.toLocaleString('en-US')} people`);

/** Who gets the campaign: everyone who opted in, or one segment; with how many that is now. */
export function AudienceField({ storeId, value, onChange, disabled = false }: { storeId: string; value: string | null; onChange: (segmentId: string | null) => void; disabled?: boolean }) {
  const id = useId();
  const segments = useSegments(storeId);
  const everyone = useEveryoneCount(storeId);
  const list = segments.data?.segments ?? [];
  const chosen = value ? list.find((segment) => segment.id === value) : null;
  const count = value ? chosen?.recipientCount : everyone.data?.recipients;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Audience
      </label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value || null)}
        aria-describedby={`${id}-count`}
        className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base shadow-sm sm:text-sm"
      >
        <option value="">Everyone who opted in{everyone.data ? ` (${people(everyone.data.recipients)})` : ''}</option>
        {list.map((segment) => (
          <option key={segment.id} value={segment.id}>
            {segment.name} ({people(segment.recipientCount)})
          </option>
        ))}
        {value && !chosen && segments.isSuccess ? <option value={value}>A deleted segment</option> : null}
      </select>
      <p id={`${id}-count`} className="text-sm text-slate-600" aria-live="polite">
        {segments.isError || everyone.isError
          ? 'The recipient count could not load.'
          : count === undefined
            ? 'Counting recipients…'
            : `${people(count)} can get this email now. Unsubscribed, bounced and complained addresses never do.`}{' '}
        <Link to={CAMPAIGN_PATHS.audience} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Manage segments
        </Link>
      </p>
    </div>
  );
}
