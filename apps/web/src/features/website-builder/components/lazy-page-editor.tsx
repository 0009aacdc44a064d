import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '#src/components/ui/spinner.tsx';
import type { WebsitePageEditorProps } from './page-editor.tsx';

// Puck and its styles load only when a page is opened, never with the pages list.
const LazyEditor = lazy(() => import('./page-editor.tsx').then((module) => ({ default: module.WebsitePageEditor as ComponentType<WebsitePageEditorProps<unknown>> })));

/** The page editor, loaded on first use. */
export function WebsitePageEditor<Ctx>(props: WebsitePageEditorProps<Ctx>) {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-dvh items-center justify-center">
          <Spinner label="Loading the editor" />
        </div>
      }
    >
      <LazyEditor {...(props as WebsitePageEditorProps<unknown>)} />
    </Suspense>
  );
}
