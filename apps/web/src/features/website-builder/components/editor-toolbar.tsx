import { Link } from 'react-router';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button, buttonClasses } from '#src/components/ui/button.tsx';
import type { AutosaveState } from '#src/lib/autosaver.ts';
import { PreviewLink } from './preview-link.tsx';
import { SaveStatus } from './save-status.tsx';

interface EditorToolbarProps {
  pageTitle: string;
  pageSlug: string;
  storeSlug: string;
  pagesPath: string;
  state: AutosaveState;
  /** The refused save in the editor's words (the block and field it names), instead of the server's bare message. */
  errorText?: string | undefined;
  onRetry: () => void;
  canPublish: boolean;
  publishing: boolean;
  onPublish: () => void;
  canDiscard: boolean;
  onDiscard: () => void;
  error: string | null;
}

/** Above Puck: the way back, the autosave status, Preview, Discard and Publish, and what went wrong. */
export function EditorToolbar(props: EditorToolbarProps) {
  return (
    <header className="border-b border-slate-200 bg-white px-3 py-2 sm:px-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <Link to={props.pagesPath} className={buttonClasses('ghost', 'px-2')}>
          <span aria-hidden="true">←</span> All pages
        </Link>
        <div className="min-w-0 flex-1">
          <h1 className="truncate text-base font-semibold text-slate-900">{props.pageTitle}</h1>
          <SaveStatus state={props.state} errorText={props.errorText} onRetry={props.onRetry} />
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PreviewLink storeSlug={props.storeSlug} pageSlug={props.pageSlug} />
          <Button variant="secondary" onClick={props.onDiscard} disabled={!props.canDiscard || props.publishing}>
            Discard draft
          </Button>
          <Button onClick={props.onPublish} disabled={!props.canPublish || props.publishing} aria-busy={props.publishing}>
            {props.publishing ? 'Publishing…' : 'Publish'}
          </Button>
        </div>
      </div>
      {props.error ? <Alert className="mt-2">{props.error}</Alert> : null}
    </header>
  );
}
