import type { ReactNode } from 'react';
import type { ColumnsProps } from '../types.ts';

/**
 * Two or three columns side by side on wide screens, stacked on phones. The columns' blocks come
 * rendered (the page renders its slots with render-blocks.tsx; the Puck editor passes its slot
 * components), so this file does not depend on the block table.
 */
export function ColumnsBlock({ layout, left, middle, right }: { layout: ColumnsProps['layout']; left: ReactNode; middle: ReactNode; right: ReactNode }) {
  return (
    <div className="ws-block ws-columns" data-layout={layout}>
      <div className="ws-column">{left}</div>
      <div className="ws-column">{middle}</div>
      {layout === '1-1-1' ? <div className="ws-column">{right}</div> : null}
    </div>
  );
}
