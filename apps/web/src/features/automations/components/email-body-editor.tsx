import type { EmailBlock, Product } from '@shopfront/core';
import { createContext, use, type ComponentType, type ReactNode } from 'react';

/** What the campaign block editor takes; the dashboard mode hands it in (features do not import each other). */
export interface EmailBodyEditorProps {
  blocks: EmailBlock[];
  onChange: (blocks: EmailBlock[]) => void;
  /** The form's errors for `body`, one entry per block (by index). */
  errors: unknown;
  products: readonly Product[];
}
export type EmailBodyEditor = ComponentType<EmailBodyEditorProps>;

/** Renders the block editor given to the automation screen; null when none was (the body then cannot be edited here). */
export type RenderEmailBody = (props: EmailBodyEditorProps) => ReactNode;

export const EmailBodyEditorContext = createContext<RenderEmailBody | null>(null);

export function useRenderEmailBody(): RenderEmailBody | null {
  return use(EmailBodyEditorContext);
}
