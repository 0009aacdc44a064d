import { useRef, type ComponentType, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { cn } from './cn.ts';

/** One tab: `key` is its `?tab=` value, `Panel` its body. */
export interface UrlTab {
  key: string;
  label: string;
  Panel: ComponentType;
}

/**
 * WAI-ARIA tabs (decision 024): arrow keys, Home and End move between them; the choice lives in
 * `?tab=` (the first tab has none), so links and reloads keep it.
 */
export function UrlTabs({ tabs, label, idPrefix }: { tabs: readonly UrlTab[]; label: string; idPrefix: string }) {
  const [params, setParams] = useSearchParams();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const selected = Math.max(0, tabs.findIndex((tab) => tab.key === params.get('tab')));
  const select = (index: number, focus: boolean) => {
    const tab = tabs[index];
    if (!tab) return;
    setParams(index === 0 ? {} : { tab: tab.key }, { replace: true });
    if (focus) tabRefs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const last = tabs.length - 1;
    const next = { ArrowRight: selected === last ? 0 : selected + 1, ArrowLeft: selected === 0 ? last : selected - 1, Home: 0, End: last }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next, true);
  };
  const current = tabs[selected];
  const Panel = current?.Panel;
  return (
    <div>
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200">
        {tabs.map((tab, index) => (
          <button
            key={tab.key}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.key}`}
            aria-selected={index === selected}
            aria-controls={`${idPrefix}-panel-${tab.key}`}
            tabIndex={index === selected ? 0 : -1}
            onClick={() => select(index, false)}
            className={cn(
              '-mb-px inline-flex min-h-11 shrink-0 items-center border-b-2 px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
              index === selected ? 'border-brand-600 text-brand-700' : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && Panel ? (
        <div role="tabpanel" id={`${idPrefix}-panel-${current.key}`} aria-labelledby={`${idPrefix}-tab-${current.key}`} tabIndex={0} className="focus-visible:outline-2 focus-visible:outline-brand-600">
          <Panel />
        </div>
      ) : null}
    </div>
  );
}
