import { AppError, formatBytes, MEMBERSHIP_POST_LIMITS, PostTitleSchema, type MembershipPost, type MembershipTier } from '@shopfront/core';
import { useId, useState } from 'react';
import { RichTextEditor } from '#src/components/forms/rich-text-editor.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSaveMembershipPost, useSetPostPublished } from '../api/membership-posts-api.ts';
import { postImageProblem, uploadPostImage, useMembershipFiles } from '../api/post-uploads.ts';

export const CHOOSE_TIERS_TEXT = 'Choose at least one tier, or all tiers';

/**
 * Writes or edits a post: its title, its text (the product description's editor) and who reads it
 * (every tier, those added later too, or the tiers ticked). A draft saves as a draft or is
 * published with the same click; a published post saves in place.
 */
export function PostEditor({ storeId, productId, post, tiers, onDone }: { storeId: string; productId: string; post: MembershipPost | null; tiers: MembershipTier[]; onDone: () => void }) {
  const save = useSaveMembershipPost(storeId, productId);
  const publish = useSetPostPublished(storeId, productId);
  const [title, setTitle] = useState(post?.title ?? '');
  const [bodyHtml, setBodyHtml] = useState(post?.bodyHtml ?? '');
  const [allTiers, setAllTiers] = useState(post ? post.tierIds === null : true);
  const [chosen, setChosen] = useState<string[]>(post?.tierIds ?? []);
  const [fileIds, setFileIds] = useState<string[]>(post?.fileIds ?? []);
  const membershipFiles = useMembershipFiles(storeId, productId);
  const productFiles = membershipFiles.data ?? [];
  // Images go through the store's image upload (checked here first, and again by the server).
  const uploadImage = async (file: File) => {
    const problem = postImageProblem(file);
    if (problem) throw new AppError('invalid-argument', problem);
    return uploadPostImage(storeId, file);
  };
  const [errors, setErrors] = useState<{ title?: string; tiers?: string }>({});
  // Once saved (a publish that then failed), later clicks update that post instead of making another.
  const [savedId, setSavedId] = useState(post?.id ?? null);
  const legendId = useId();
  const busy = save.isPending || publish.isPending;
  // Archived tiers show only where the post already names them (their members keep reading).
  const shown = tiers.filter((tier) => tier.archivedAt === null || chosen.includes(tier.id));

  const submit = (andPublish: boolean) => {
    const checkedTitle = PostTitleSchema.safeParse(title);
    const next = {
      ...(checkedTitle.success ? {} : { title: checkedTitle.error.issues[0]?.message ?? 'Check the title' }),
      ...(!allTiers && chosen.length === 0 ? { tiers: CHOOSE_TIERS_TEXT } : {}),
    };
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    const tierIds = allTiers ? null : tiers.filter((tier) => chosen.includes(tier.id)).map((tier) => tier.id);
    // Only files still on the product (one deleted since is dropped from the post).
    const files = membershipFiles.data ? fileIds.filter((id) => productFiles.some((file) => file.id === id)) : fileIds;
    save.mutate(
      { postId: savedId, title: title.trim(), bodyHtml, tierIds, fileIds: files },
      {
        onSuccess: ({ post: saved }) => {
          setSavedId(saved.id);
          if (!andPublish) {
            toast.success(saved.status === 'published' ? 'Post saved.' : 'Draft saved.');
            return onDone();
          }
          publish.mutate({ postId: saved.id, publish: true }, { onSuccess: () => (toast.success('Post published.'), onDone()) });
        },
      },
    );
  };
  const failure = save.error ?? publish.error;

  return (
    <form
      className="space-y-5 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      aria-label={post ? `Edit ${post.title}` : 'New post'}
      onSubmit={(event) => {
        event.preventDefault();
        submit(false);
      }}
    >
      <h3 className="text-lg font-semibold text-slate-900">{post ? 'Edit post' : 'New post'}</h3>
      {failure ? <Alert>{errorMessage(failure)}</Alert> : null}
      <TextField label="Title" value={title} onChange={(event) => setTitle(event.target.value)} error={errors.title} disabled={busy} />
      <RichTextEditor label="Text" value={bodyHtml} onChange={setBodyHtml} readOnly={busy} hint="Only members of the tiers below can read it." uploadImage={uploadImage} />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Files under the post</legend>
        {productFiles.length === 0 ? (
          <p className="text-sm text-slate-500">Upload files in the membership’s Files card to attach them here.</p>
        ) : (
          productFiles.map((file) => (
            <Check
              key={file.id}
              label={`${file.name} (${formatBytes(file.sizeBytes)})`}
              checked={fileIds.includes(file.id)}
              disabled={busy || (!fileIds.includes(file.id) && fileIds.length >= MEMBERSHIP_POST_LIMITS.filesPerPost)}
              onChange={(on) => setFileIds((now) => (on ? [...now, file.id] : now.filter((id) => id !== file.id)))}
            />
          ))
        )}
      </fieldset>
      <fieldset className="space-y-2" aria-describedby={errors.tiers ? legendId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Who can read it</legend>
        <Check label="All tiers (and tiers you add later)" checked={allTiers} disabled={busy} onChange={setAllTiers} />
        {shown.map((tier) => (
          <Check
            key={tier.id}
            label={tier.archivedAt ? `${tier.name} (archived)` : tier.name}
            checked={allTiers || chosen.includes(tier.id)}
            disabled={busy || allTiers}
            onChange={(on) => setChosen((now) => (on ? [...now, tier.id] : now.filter((id) => id !== tier.id)))}
          />
        ))}
        {errors.tiers ? (
          <p id={legendId} className="text-sm font-medium text-red-600">
            {errors.tiers}
          </p>
        ) : null}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        {post?.status === 'published' ? null : (
          <Button onClick={() => submit(true)} disabled={busy} aria-busy={busy}>
            {busy ? 'Saving…' : 'Save and publish'}
          </Button>
        )}
        <Button type="submit" variant={post?.status === 'published' ? 'primary' : 'secondary'} disabled={busy}>
          {post?.status === 'published' ? 'Save' : 'Save draft'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function Check({ label, checked, disabled, onChange }: { label: string; checked: boolean; disabled: boolean; onChange: (on: boolean) => void }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 text-sm text-slate-800 ring-1 ring-slate-200 has-[:disabled]:cursor-not-allowed has-[:disabled]:text-slate-500">
      <input type="checkbox" className="size-4" checked={checked} disabled={disabled} onChange={(event) => onChange(event.target.checked)} />
      {label}
    </label>
  );
}
