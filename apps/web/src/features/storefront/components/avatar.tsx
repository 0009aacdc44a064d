import { safeImageSrc } from '@shopfront/core/safe-url';
import { initialsOf } from '../initials.ts';

/** The store's picture, or its initials on the theme's gradient when there is none. */
export function Avatar({ name, avatarUrl }: { name: string; avatarUrl: string | null }) {
  const src = safeImageSrc(avatarUrl);
  return (
    <div className="sf-avatar">
      {src ? (
        <img className="sf-avatar-image" src={src} alt={name} width={104} height={104} decoding="async" fetchPriority="high" />
      ) : (
        <span className="sf-avatar-initials" aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
    </div>
  );
}
