import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { withAppStyles } from '#src/components/layout/lazy-page.tsx';

// The card and its query load only once the overview is on screen and the slot nears the view:
// the overview's first screen makes no call for it and carries none of its code or styles (decisions 039, 056).
const MembershipHomeCard = lazy(() => withAppStyles(() => import('./membership-home-card.tsx'))().then((module) => ({ default: module.MembershipHomeCard })));

/**
 * Where the overview shows the store's membership numbers, below the fold: an empty placeholder
 * until it comes within 200 px of the view (at once where the browser cannot tell), then the card,
 * which shows nothing for a store without a membership product.
 */
export function MembershipNumbersSlot({ storeId, analyticsPath, membersPath }: { storeId: string; analyticsPath: string; membersPath: string }) {
  const anchor = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = anchor.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: '200px' });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near]);
  return (
    <div ref={anchor}>
      {near ? (
        <Suspense fallback={null}>
          <MembershipHomeCard storeId={storeId} analyticsPath={analyticsPath} membersPath={membersPath} />
        </Suspense>
      ) : null}
    </div>
  );
}
