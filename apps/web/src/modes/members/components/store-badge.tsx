import { useState } from 'react';

/** "Cozy Mugs" → "CM". */
function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase() ?? '');
  return letters.join('') || '?';
}

function safeSrc(url: string | null): string | null {
  if (!url) return null;
  if (url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')) return url;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/**
 * The store's avatar (named after the store), or its initials when there is none (or it fails to
 * load), in the theme's button colours (members-theme.css).
 */
export function StoreBadge({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const [broken, setBroken] = useState(false);
  const src = broken ? null : safeSrc(avatarUrl);
  return src ? (
    <img src={src} alt={name} width={40} height={40} onError={() => setBroken(true)} className="size-10 shrink-0 rounded-full bg-slate-100 object-cover" />
  ) : (
    <span aria-hidden="true" className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-bold">
      {initials(name)}
    </span>
  );
}
