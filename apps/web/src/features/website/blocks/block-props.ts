import type { WebsiteRenderContext } from '../types.ts';

/** Every block component takes its stored props plus the page's render context. */
export type BlockComponentProps<P> = P & { id?: string; context: WebsiteRenderContext };

/** A Puck id made safe for an HTML id / URL fragment (`Hero-1a2b…` stays as it is). */
export function domIdOf(id: string | undefined, fallback: string): string {
  const cleaned = (id ?? '').replace(/[^A-Za-z0-9_-]/g, '').slice(0, 64);
  return cleaned || fallback;
}
