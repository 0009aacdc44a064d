import { canonicalHost, membersUrl, type AffiliateProgram, type Store } from '@shopfront/core';
import { Link } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { useAppContext } from '#src/lib/app-context.tsx';

export const EMPTY_AFFILIATES_TEXT = 'No affiliates yet — turn the program on and share your members page';

/** Where the Settings tab is (the tabs keep their choice in `?tab=`). */
export const SETTINGS_TAB = { search: '?tab=settings' };

/** Where people join: the store's members area, affiliate page. */
function useJoinUrl(store: Store): string {
  const { config } = useAppContext();
  return `${membersUrl(store, { origin: config.publicUrl, on: canonicalHost(store) })}/affiliate`;
}

/** The program's state in one sentence, above the affiliates. */
export function ProgramSummary({ program }: { program: AffiliateProgram }) {
  if (!program.enabled) {
    return (
      <Alert tone="warning" title="The program is off">
        Nobody can join and links earn nothing.{' '}
        <Link to={SETTINGS_TAB} className="font-semibold underline">
          Turn it on in Settings
        </Link>
      </Alert>
    );
  }
  return (
    <p className="text-sm text-slate-600">
      The program is on: {program.commissionPercent}% commission, a {program.windowDays}-day attribution window, payable {program.holdingDays} days after the sale.{' '}
      <Link to={SETTINGS_TAB} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        Change the terms
      </Link>
    </p>
  );
}

export function AffiliatesEmpty({ store, program }: { store: Store; program: AffiliateProgram }) {
  const joinUrl = useJoinUrl(store);
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h2 className="font-semibold text-slate-900">{EMPTY_AFFILIATES_TEXT}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        Your store’s members join at <span className="font-medium break-all text-slate-900">{joinUrl}</span>, or you invite them by email below. Their visits, sales and
        commission show up here.
      </p>
      {program.enabled ? (
        <a href={joinUrl} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'mt-4')}>
          Open the members page<span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : (
        <Link to={SETTINGS_TAB} className={buttonClasses('primary', 'mt-4')}>
          Turn the program on
        </Link>
      )}
    </div>
  );
}
