import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '#src/components/ui/cn.ts';
import { ImageForm, RichTextImage, type ImageUploader } from './rich-text-image.tsx';

interface RichTextEditorProps {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  hint?: string;
  readOnly?: boolean;
  /** Offers images (an "Image" button) uploaded through this; without it the editor has none. */
  uploadImage?: ImageUploader;
}

/**
 * Rich text (the product description, email text blocks): bold, italic, headings, lists and links, stored as HTML (the server
 * sanitises it). The toolbar is one tab stop; arrow keys move between its buttons.
 */
export function RichTextEditor({ label, value, onChange, error, hint, readOnly = false, uploadImage }: RichTextEditorProps) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  // The editor is created once; its update handler calls the latest onChange.
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        // No `protocols`: http, https and mailto are linkify's own schemes, and registering them
        // again on every editor after the first warns "linkifyjs: already initialized".
        link: { openOnClick: false, autolink: true, defaultProtocol: 'https' },
      }),
      ...(uploadImage ? [RichTextImage] : []),
    ],
    content: value,
    editable: !readOnly,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        class: '[&_ul]:list-disc [&_ul]:pl-5 [&_ol]:list-decimal [&_ol]:pl-5 [&_h2]:mt-2 [&_h2]:text-lg [&_h2]:font-semibold [&_h3]:mt-2 [&_h3]:font-semibold [&_a]:text-brand-700 [&_a]:underline [&_p]:my-1 min-h-40 px-3 py-2.5 text-base text-slate-900 outline-none sm:text-sm',
      },
    },
    onUpdate: ({ editor: current }) => latest.current(current.isEmpty ? '' : current.getHTML()),
  });

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === readOnly) editor.setEditable(!readOnly, false);
  }, [editor, readOnly]);

  // A reset of the form (another product, discarded changes) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const current = editor.isEmpty ? '' : editor.getHTML();
    if (value !== current) editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="space-y-1.5">
      <p id={labelId} className="block text-sm font-medium text-slate-800">
        {label}
      </p>
      <div className={cn('overflow-hidden rounded-lg border bg-white shadow-sm focus-within:outline-2', error ? 'border-red-500 focus-within:outline-red-500' : 'border-slate-300 focus-within:outline-brand-600')}>
        {editor && !readOnly ? <Toolbar editor={editor} label={`${label} formatting`} uploadImage={uploadImage} /> : null}
        <EditorContent editor={editor} />
      </div>
      {hint ? (
        <p id={hintId} className="text-sm text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type Command = { key: string; label: string; icon: string; active: (editor: Editor) => boolean; run: (editor: Editor) => void };

const COMMANDS: Command[] = [
  { key: 'bold', label: 'Bold', icon: 'B', active: (e) => e.isActive('bold'), run: (e) => e.chain().focus().toggleBold().run() },
  { key: 'italic', label: 'Italic', icon: 'I', active: (e) => e.isActive('italic'), run: (e) => e.chain().focus().toggleItalic().run() },
  { key: 'h2', label: 'Heading', icon: 'H2', active: (e) => e.isActive('heading', { level: 2 }), run: (e) => e.chain().focus().toggleHeading({ level: 2 }).run() },
  { key: 'h3', label: 'Subheading', icon: 'H3', active: (e) => e.isActive('heading', { level: 3 }), run: (e) => e.chain().focus().toggleHeading({ level: 3 }).run() },
  { key: 'bullets', label: 'Bulleted list', icon: '•', active: (e) => e.isActive('bulletList'), run: (e) => e.chain().focus().toggleBulletList().run() },
  { key: 'numbers', label: 'Numbered list', icon: '1.', active: (e) => e.isActive('orderedList'), run: (e) => e.chain().focus().toggleOrderedList().run() },
];

/** An inline icon: an emoji may be missing from the system font (it rendered as a box). */
const LINK_ICON = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
    <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />
  </svg>
);

const IMAGE_ICON = (
  <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4" aria-hidden="true">
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <circle cx="9" cy="10" r="2" />
    <path d="m21 16-5-5-9 9" />
  </svg>
);

function Toolbar({ editor, label, uploadImage }: { editor: Editor; label: string; uploadImage?: ImageUploader | undefined }) {
  const [focusIndex, setFocusIndex] = useState(0);
  const [linking, setLinking] = useState(false);
  const [imaging, setImaging] = useState(false);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ ...Object.fromEntries(COMMANDS.map((command) => [command.key, command.active(e)])), link: e.isActive('link') }),
  });
  const count = COMMANDS.length + (uploadImage ? 2 : 1);

  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, Home: -focusIndex, End: count - 1 - focusIndex };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    const next = (focusIndex + move + count) % count;
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  const toolButton = (index: number, title: string, pressed: boolean, onClick: () => void, content: ReactNode) => (
    <button
      key={title}
      ref={(node) => {
        buttons.current[index] = node;
      }}
      type="button"
      tabIndex={index === focusIndex ? 0 : -1}
      aria-label={title}
      aria-pressed={pressed}
      title={title}
      onFocus={() => setFocusIndex(index)}
      onClick={onClick}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-md text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600',
        pressed ? 'bg-slate-900 text-white' : 'text-slate-700 hover:bg-slate-200',
        title === 'Italic' && 'italic',
      )}
    >
      {content}
    </button>
  );

  return (
    <div className="border-b border-slate-200 bg-slate-50">
      <div role="toolbar" aria-label={label} onKeyDown={onKeyDown} className="flex flex-wrap items-center gap-0.5 p-1">
        {COMMANDS.map((command, index) => toolButton(index, command.label, Boolean(state[command.key as keyof typeof state]), () => command.run(editor), command.icon))}
        {toolButton(COMMANDS.length, 'Link', state.link, () => (setImaging(false), setLinking((open) => !open)), LINK_ICON)}
        {uploadImage ? toolButton(COMMANDS.length + 1, 'Image', imaging, () => (setLinking(false), setImaging((open) => !open)), IMAGE_ICON) : null}
      </div>
      {linking ? <LinkForm editor={editor} onDone={() => setLinking(false)} /> : null}
      {imaging && uploadImage ? <ImageForm editor={editor} upload={uploadImage} onDone={() => setImaging(false)} /> : null}
    </div>
  );
}

function LinkForm({ editor, onDone }: { editor: Editor; onDone: () => void }) {
  const inputId = useId();
  const [href, setHref] = useState<string>(() => (editor.getAttributes('link').href as string | undefined) ?? '');
  const apply = () => {
    const url = href.trim();
    if (!url) editor.chain().focus().extendMarkRange('link').unsetLink().run();
    else editor.chain().focus().extendMarkRange('link').setLink({ href: /^(https?:|mailto:)/i.test(url) ? url : `https://${url}` }).run();
    onDone();
  };
  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-200 p-2">
      <label htmlFor={inputId} className="text-xs font-medium text-slate-600">
        Link address
      </label>
      <input
        id={inputId}
        autoFocus
        type="url"
        inputMode="url"
        placeholder="https://"
        value={href}
        onChange={(event) => setHref(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            apply();
          }
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          }
        }}
        className="min-h-9 min-w-0 flex-1 rounded-md border border-slate-300 px-2 text-base sm:text-sm"
      />
      <button type="button" onClick={apply} className="min-h-9 rounded-md bg-slate-900 px-3 text-sm font-semibold text-white">
        Apply
      </button>
      {editor.isActive('link') ? (
        <button
          type="button"
          onClick={() => {
            editor.chain().focus().extendMarkRange('link').unsetLink().run();
            onDone();
          }}
          className="min-h-9 rounded-md px-3 text-sm font-semibold text-red-700 hover:bg-red-50"
        >
          Remove link
        </button>
      ) : null}
    </div>
  );
}
