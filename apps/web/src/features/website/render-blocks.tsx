import type { ComponentType, ReactNode } from 'react';
import { WEBSITE_BLOCKS } from './blocks/website-blocks.ts';
import type { WebsiteBlock, WebsiteRenderContext } from './types.ts';

type AnyBlockComponent = ComponentType<Record<string, unknown> & { context: WebsiteRenderContext }>;

/** One stored block as its component; an unknown type (an old row) renders nothing. */
export function renderBlock(block: WebsiteBlock, context: WebsiteRenderContext, key: string | number): ReactNode {
  if (block.type === 'Columns') {
    const { layout, left, middle, right } = block.props;
    return (
      <WEBSITE_BLOCKS.Columns
        key={key}
        layout={layout}
        left={renderBlocks(left, context)}
        middle={renderBlocks(middle, context)}
        right={layout === '1-1-1' ? renderBlocks(right, context) : null}
      />
    );
  }
  if (!Object.hasOwn(WEBSITE_BLOCKS, block.type)) return null;
  // The block's props are its type's (core validated them on save), so the union lookup is safe.
  const Block = WEBSITE_BLOCKS[block.type] as unknown as AnyBlockComponent;
  return <Block key={key} {...block.props} context={context} />;
}

export function renderBlocks(blocks: readonly WebsiteBlock[] | undefined, context: WebsiteRenderContext): ReactNode[] {
  return (blocks ?? []).map((block, index) => renderBlock(block, context, block.props.id ?? index));
}
