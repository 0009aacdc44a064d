import { useRef } from 'react';
import { cn } from '#src/components/ui/cn.ts';

export type BuilderTab = 'edit' | 'preview';
const TABS: ReadonlyArray<{ id: BuilderTab; label: string }> = [
  { id: 'edit', label: 'Edit' },
  { id: 'preview', label: 'Preview' },
];

export const tabId = (tab: BuilderTab) => `builder-tab-${tab}`;
export const panelId = (tab: BuilderTab) => `builder-panel-${tab}`;

/** Phones show one pane at a time: a two-tab switch (WAI-ARIA tabs, arrow keys move between them). */
export function BuilderTabs({ tab, onChange }: { tab: BuilderTab; onChange: (tab: BuilderTab) => void }) {
  const refs = useRef<Record<BuilderTab, HTMLButtonElement | null>>({ edit: null, preview: null });
  return (
    <div role="tablist" aria-label="Store builder view" className="grid grid-cols-2 gap-1 rounded-xl bg-slate-200/70 p-1 lg:hidden">
      {TABS.map((item, index) => (
        <button
          key={item.id}
          ref={(node) => {
            refs.current[item.id] = node;
          }}
          id={tabId(item.id)}
          type="button"
          role="tab"
          aria-selected={tab === item.id}
          aria-controls={panelId(item.id)}
          tabIndex={tab === item.id ? 0 : -1}
          onClick={() => onChange(item.id)}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
            event.preventDefault();
            const next = TABS[(index + 1) % TABS.length]!.id;
            onChange(next);
            refs.current[next]?.focus();
          }}
          className={cn('min-h-10 rounded-lg text-sm font-semibold transition', tab === item.id ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
