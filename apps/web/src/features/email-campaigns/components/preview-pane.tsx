import type { EmailCampaignFields } from '@shopfront/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { usePreviewCampaign } from '../api/campaigns-api.ts';

/** Email clients lay a message out at about 600 px on a desktop and 375 px on a phone. */
export const PREVIEW_WIDTHS = { desktop: 600, phone: 375 } as const;
type Width = keyof typeof PREVIEW_WIDTHS;

/**
 * The email as the server renders it, in a sandboxed frame (`sandbox=""`: no scripts, no forms,
 * its own origin), at desktop or phone width. `fields` null means the form has an error to fix.
 */
export function PreviewPane({ storeId, fields }: { storeId: string; fields: EmailCampaignFields | null }) {
  const [width, setWidth] = useState<Width>('desktop');
  const preview = usePreviewCampaign(storeId, fields);
  return (
    <section aria-labelledby="email-preview-title" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="email-preview-title" className="text-base font-semibold text-slate-900">
          Preview
        </h2>
        <div role="group" aria-label="Preview width" className="inline-flex rounded-lg bg-slate-100 p-0.5">
          {(Object.keys(PREVIEW_WIDTHS) as Width[]).map((key) => (
            <button
              key={key}
              type="button"
              aria-pressed={width === key}
              onClick={() => setWidth(key)}
              className={cn(
                'min-h-10 rounded-md px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
                width === key ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
              )}
            >
              {key === 'desktop' ? 'Desktop' : 'Phone'}
            </button>
          ))}
        </div>
      </div>
      {fields === null && !preview.data ? <p className="text-sm text-slate-600">Fix the fields marked in red to see the preview.</p> : null}
      {preview.isError ? <Alert title="The preview could not load">{errorMessage(preview.error)}</Alert> : null}
      {preview.data ? (
        <>
          <div className="rounded-lg bg-slate-50 px-3 py-2 text-sm">
            <p className="truncate font-semibold text-slate-900">{preview.data.subject || 'No subject yet'}</p>
            {fields?.previewText ? <p className="truncate text-slate-600">{fields.previewText}</p> : null}
          </div>
          <ScaledFrame html={preview.data.html} width={PREVIEW_WIDTHS[width]} title={`Email preview at ${width} width`} busy={preview.isFetching} />
        </>
      ) : preview.isPending && fields !== null ? (
        <Spinner label="Rendering the preview" />
      ) : null}
    </section>
  );
}

const FRAME_HEIGHT = 640;

/**
 * The frame at its true width, scaled down to fit a narrower column (a phone, the editor's side
 * pane) so the whole layout shows; the scale is said, not hidden.
 */
function ScaledFrame({ html, width, title, busy }: { html: string; width: number; title: string; busy: boolean }) {
  const box = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState<number | null>(null);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setAvailable(entry ? entry.contentRect.width : null));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const scale = available ? Math.min(1, available / width) : 1;
  return (
    <div className="rounded-lg bg-slate-100 p-2" aria-busy={busy}>
      <div ref={box} className="w-full overflow-hidden" style={{ height: FRAME_HEIGHT * scale }}>
        <iframe
          title={title}
          sandbox=""
          srcDoc={html}
          style={{ width, height: FRAME_HEIGHT, transform: scale < 1 ? `scale(${scale})` : undefined, transformOrigin: 'top left' }}
          className="mx-auto block max-w-none rounded border-0 bg-white"
        />
      </div>
      {scale < 1 ? <p className="mt-1 text-center text-xs text-slate-500">Shown at {Math.round(scale * 100)}% of its {width} px width</p> : null}
    </div>
  );
}
