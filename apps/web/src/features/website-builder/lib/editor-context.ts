import type { Product } from '@shopfront/core';
import { createContext, useContext } from 'react';
import type { WebsiteCanvasKit } from './canvas-kit.ts';

/** What the canvas and the custom fields read: Puck's config stays the same object while they change. */
export interface EditorEnvironment {
  storeId: string;
  /** Every product of the store, for the pickers. */
  products: readonly Product[];
  kit: WebsiteCanvasKit<unknown>;
  context: unknown;
}

export const EditorEnvironmentContext = createContext<EditorEnvironment | null>(null);

export function useEditorEnvironment(): EditorEnvironment {
  const environment = useContext(EditorEnvironmentContext);
  if (!environment) throw new Error('The website editor fields render inside EditorEnvironmentContext');
  return environment;
}
