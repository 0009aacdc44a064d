import { useId, useMemo, useRef, useState } from 'react';
import { zoneName } from '../lib/zoned-time.ts';

const SHOWN = 40;

/** The zones this browser knows (`Intl.supportedValuesOf`), plus `UTC` and the current one. */
function knownZones(current: string): string[] {
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([current, 'UTC', ...listed])].sort();
}

/**
 * "Times in America/New York · Change": opens a search over the zones, each a button; Enter in
 * the search takes the first match. Dependency-free: it ships in the storefront script.
 */
export function TimeZoneChooser({ timeZone, onChange, disabled = false }: { timeZone: string; onChange: (zone: string) => void; disabled?: boolean }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const toggle = useRef<HTMLButtonElement>(null);
  const zones = useMemo(() => knownZones(timeZone), [timeZone]);
  const words = search.trim().toLowerCase().replaceAll(' ', '_');
  const matches = words ? zones.filter((zone) => zone.toLowerCase().includes(words)) : zones;

  const pick = (zone: string) => {
    setOpen(false);
    setSearch('');
    if (zone !== timeZone) onChange(zone);
    toggle.current?.focus();
  };

  return (
    <div className="sf-tz">
      <p className="sf-tz-current">
        <span>
          Times in <strong>{zoneName(timeZone)}</strong>
        </span>
        <button ref={toggle} type="button" className="sf-tz-toggle" aria-expanded={open} aria-controls={`${id}-panel`} disabled={disabled} onClick={() => setOpen(!open)}>
          {open ? 'Close' : 'Change time zone'}
        </button>
      </p>
      {open ? (
        <div id={`${id}-panel`} className="sf-tz-panel">
          <label htmlFor={`${id}-search`}>Search time zones</label>
          <input
            id={`${id}-search`}
            type="search"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="City or region, e.g. Tokyo"
            value={search}
            aria-describedby={`${id}-count`}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                if (matches[0]) pick(matches[0]);
              } else if (event.key === 'Escape') {
                setOpen(false);
                toggle.current?.focus();
              }
            }}
          />
          <p id={`${id}-count`} className="sf-field-hint" aria-live="polite">
            {matches.length === 0 ? 'No time zone matches.' : matches.length > SHOWN ? `${matches.length} time zones; type to narrow them.` : `${matches.length} ${matches.length === 1 ? 'time zone' : 'time zones'}`}
          </p>
          <ul className="sf-tz-list" aria-label="Time zones">
            {matches.slice(0, SHOWN).map((zone) => (
              <li key={zone}>
                <button type="button" className="sf-tz-option" aria-current={zone === timeZone ? 'true' : undefined} onClick={() => pick(zone)}>
                  {zoneName(zone)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
