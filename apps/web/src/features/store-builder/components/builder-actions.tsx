import { storefrontUrl } from '@shopfront/core';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';

interface BuilderActionsProps {
  slug: string;
  canPublish: boolean;
  publishing: boolean;
  canDiscard: boolean;
  onPublish: () => void;
  onDiscard: () => void;
}

const external = (
  <svg viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
    <path d="M11 4h5v5M16 4l-7 7M14 11.5V15a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h3.5" />
  </svg>
);

/** Publish, discard, and the two ways to look at the store in a new tab (draft preview and live). */
export function BuilderActions({ slug, canPublish, publishing, canDiscard, onPublish, onDiscard }: BuilderActionsProps) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center sm:justify-end">
      <a href={`${storefrontUrl({ slug }, { origin: '' })}?preview=true`} target="_blank" rel="noreferrer" className={buttonClasses('ghost', 'px-3')}>
        Preview{external}
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <a href={storefrontUrl({ slug }, { origin: '' })} target="_blank" rel="noreferrer" className={buttonClasses('ghost', 'px-3')}>
        View store{external}
        <span className="sr-only">(opens in a new tab)</span>
      </a>
      <Button variant="secondary" onClick={onDiscard} disabled={!canDiscard || publishing}>
        Discard draft
      </Button>
      <Button onClick={onPublish} disabled={!canPublish || publishing} aria-busy={publishing}>
        {publishing ? 'Publishing…' : 'Publish'}
      </Button>
    </div>
  );
}
