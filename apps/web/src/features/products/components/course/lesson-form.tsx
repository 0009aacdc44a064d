import { EmbedUrlSchema, LessonTitleSchema, type CreatorLesson } from '@shopfront/core';
import { useState } from 'react';
import { RichTextEditor } from '#src/components/forms/rich-text-editor.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { LabelledSwitch } from '#src/components/ui/labelled-switch.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSaveLesson } from '#src/features/products/api/course-api.ts';
import { NestedForm } from '#src/components/ui/nested-form.tsx';

interface LessonFormProps {
  storeId: string;
  productId: string;
  sectionId: string;
  /** Null: a new lesson in `sectionId`. */
  lesson: CreatorLesson | null;
  onClose: () => void;
  onCreated: (lesson: CreatorLesson) => void;
}

const emptyBody = (html: string) => (html.replace(/<p>\s*<\/p>/g, '').trim() === '' ? '' : html);

/** The lesson's words: title, text (the product editor's rich text), free preview, embed link. */
export function LessonForm({ storeId, productId, sectionId, lesson, onClose, onCreated }: LessonFormProps) {
  const save = useSaveLesson(storeId, productId);
  const [title, setTitle] = useState(lesson?.title ?? '');
  const [bodyHtml, setBody] = useState(lesson?.bodyHtml ?? '');
  const [freePreview, setFreePreview] = useState(lesson?.freePreview ?? false);
  const [embed, setEmbed] = useState(lesson?.embedUrl ?? '');
  const [problems, setProblems] = useState<{ title?: string; embed?: string }>({});
  const hasVideo = lesson?.video != null;

  const submit = () => {
    const parsedTitle = LessonTitleSchema.safeParse(title);
    const parsedEmbed = embed.trim() === '' ? null : EmbedUrlSchema.safeParse(embed);
    const next = { title: parsedTitle.success ? undefined : parsedTitle.error.issues[0]?.message, embed: parsedEmbed && !parsedEmbed.success ? parsedEmbed.error.issues[0]?.message : undefined };
    setProblems(next);
    if (!parsedTitle.success || (parsedEmbed && !parsedEmbed.success)) return;
    const fields = { title: parsedTitle.data, bodyHtml: emptyBody(bodyHtml), freePreview, embedUrl: parsedEmbed ? parsedEmbed.data : null };
    if (!lesson) {
      save.mutate({ create: { storeId, sectionId, ...fields } }, { onSuccess: onCreated });
      return;
    }
    const changed = {
      ...(fields.title !== lesson.title ? { title: fields.title } : {}),
      ...(fields.bodyHtml !== lesson.bodyHtml ? { bodyHtml: fields.bodyHtml } : {}),
      ...(fields.freePreview !== lesson.freePreview ? { freePreview: fields.freePreview } : {}),
      ...(!hasVideo && fields.embedUrl !== lesson.embedUrl ? { embedUrl: fields.embedUrl } : {}),
    };
    if (Object.keys(changed).length === 0) return onClose();
    save.mutate({ update: { storeId, lessonId: lesson.id, ...changed } }, { onSuccess: () => toast.success('Lesson saved.') });
  };

  return (
    <NestedForm
      onSubmit={() => {
        submit();
      }}
    >
      <TextField label="Lesson title" placeholder="Welcome" value={title} onChange={(event) => setTitle(event.target.value)} error={problems.title} />
      <RichTextEditor label="Lesson text" value={bodyHtml} onChange={setBody} hint="Notes, links and instructions shown under the video." />
      <LabelledSwitch label="Free preview" hint="Anyone can watch this lesson from your store, without buying the course." checked={freePreview} onChange={setFreePreview} />
      <TextField
        label="Embedded video link"
        type="url"
        inputMode="url"
        placeholder="https://www.youtube.com/watch?v=…"
        value={embed}
        onChange={(event) => setEmbed(event.target.value)}
        disabled={hasVideo}
        hint={hasVideo ? 'This lesson has an uploaded video. Remove it to embed one instead.' : 'A YouTube, Vimeo or Loom link, instead of uploading a video. Leave empty for none.'}
        error={problems.embed}
      />
      {save.isError ? <Alert>{errorMessage(save.error)}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={save.isPending}>
          {lesson ? 'Close' : 'Cancel'}
        </Button>
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending}>
          {save.isPending ? 'Saving…' : lesson ? 'Save lesson' : 'Add lesson'}
        </Button>
      </div>
    </NestedForm>
  );
}
