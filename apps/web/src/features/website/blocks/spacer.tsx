import type { SpacerProps } from '../types.ts';
import type { BlockComponentProps } from './block-props.ts';

/** Breathing room, with an optional rule across it. */
export function SpacerBlock({ size, divider }: BlockComponentProps<SpacerProps>) {
  return divider ? <hr className="ws-spacer" data-size={size} /> : <div className="ws-spacer" data-size={size} aria-hidden="true" />;
}
