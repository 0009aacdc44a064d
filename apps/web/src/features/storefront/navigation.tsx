import { createContext, useContext, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/** Moves to another page of the same store without a reload (the storefront script or the SPA's router). */
export type StorefrontNavigate = (href: string) => void;

const NavigateContext = createContext<StorefrontNavigate | null>(null);

/** Provided by whoever can navigate in place; without it, store links are plain links. */
export const StorefrontNavigation = NavigateContext.Provider;

/** A plain left click without modifier keys: the one a page may take over. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey && !event.defaultPrevented;
}

/**
 * A link to another page of this store: a real `href` (works without JavaScript, opens in a new
 * tab), taken over for a plain click when in-place navigation is available.
 */
export function StoreLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const navigate = useContext(NavigateContext);
  return (
    <a
      {...props}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!navigate || !isPlainClick(event) || props.target) return;
        event.preventDefault();
        navigate(href);
      }}
    />
  );
}
