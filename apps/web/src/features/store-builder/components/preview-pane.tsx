import { type StorefrontData, storefrontUrl, type StoreProfile } from '@shopfront/core';
import type { ComponentType } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { cn } from '#src/components/ui/cn.ts';
import { useIconSprite } from '#src/components/ui/icon.tsx';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import type { PreviewConnection } from '../hooks/use-preview-events.ts';
import './preview-pane.css';

interface PreviewPaneProps {
  control: Control<ProfileValues, unknown, StoreProfile>;
  store: { id: string; slug: string; customDomain: string | null };
  hasDraft: boolean;
  connection: PreviewConnection;
  /** Draws the store (the storefront's view, plugged in by the dashboard). */
  preview: StorePreview;
}

/**
 * The storefront's view as the dashboard plugs it in. `data.products` comes empty: the preview
 * adds the store's published products (the products feature's), and the view lays them out by
 * the draft's `productLayout`, so reordering and hiding show at once.
 */
export type StorePreview = ComponentType<{ data: StorefrontData }>;

const CONNECTION_TEXT: Record<PreviewConnection, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  off: 'Updates from other tabs are off',
};

/** The draft in the real storefront components, redrawn on every keystroke (the live preview). */
export function PreviewPane({ control, store, hasDraft, connection, preview: Preview }: PreviewPaneProps) {
  const profile = useWatch({ control }) as StoreProfile;
  // The storefront's icons are <use>s of its sprite, which a server-rendered page carries and the dashboard fetches.
  useIconSprite();
  const data: StorefrontData = {
    store: { ...store, profile },
    // Filled by `preview` with the store's products (see StorePreview).
    products: [],
    isPreview: hasDraft,
    canonicalUrl: storefrontUrl(store, { origin: '' }),
  };

  return (
    <section aria-labelledby="builder-preview-title" className="flex h-full flex-col overflow-hidden rounded-2xl bg-slate-900 shadow-lg ring-1 ring-slate-900/10">
      <div className="flex items-center justify-between gap-3 px-4 py-2.5 text-sm text-slate-300">
        <h2 id="builder-preview-title" className="font-semibold text-white">
          Live preview
        </h2>
        <span className="inline-flex items-center gap-1.5 text-xs" data-testid="preview-connection">
          <span aria-hidden="true" className={cn('size-2 rounded-full', connection === 'live' ? 'bg-emerald-400' : connection === 'off' ? 'bg-slate-500' : 'animate-pulse bg-amber-400')} />
          {CONNECTION_TEXT[connection]}
        </span>
      </div>
      <div className="builder-preview min-h-0 flex-1 overflow-y-auto overscroll-contain bg-white" data-testid="builder-preview"
        // A preview link must not take the creator away from unsaved work.
        onClickCapture={(event) => {
          if ((event.target as Element).closest('a')) event.preventDefault();
        }}
      >
        <Preview data={data} />
      </div>
    </section>
  );
}
