import type { MembershipPostSummary, MembershipTier } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useDeleteMembershipPost, useMembershipPost, useMembershipPosts, usePostTiers, useSetPostPublished } from '../api/membership-posts-api.ts';
import { formatDay } from '../lib/member-format.ts';
import { EmailPostDialog, emailedText } from './email-post-dialog.tsx';
import { PostEditor } from './post-editor.tsx';
import { PostTitlesSwitch } from './post-titles-switch.tsx';

export const EMPTY_POSTS_TEXT = 'No posts yet — write one for your members.';

/** "All tiers", or the names of the tiers a post names (in the creator's order). */
export function tierNames(tierIds: string[] | null, tiers: MembershipTier[]): string {
  if (tierIds === null) return 'All tiers';
  return tiers
    .filter((tier) => tierIds.includes(tier.id))
    .map((tier) => tier.name)
    .join(', ');
}

/** A membership's posts: the list with status and tiers, the editor, publish, unpublish and delete. */
export function PostsScreen({ storeId, productId }: { storeId: string; productId: string }) {
  const posts = useMembershipPosts(storeId, productId);
  const tiers = usePostTiers(storeId, productId);
  const published = useSetPostPublished(storeId, productId);
  const [editing, setEditing] = useState<{ postId: string | null } | null>(null);
  const [deleting, setDeleting] = useState<MembershipPostSummary | null>(null);
  const [emailing, setEmailing] = useState<MembershipPostSummary | null>(null);

  if (posts.isPending || tiers.isPending) return <Spinner label="Loading posts" />;
  if (posts.isError) return <LoadError title="Posts could not load" error={posts.error} onRetry={() => void posts.refetch()} />;
  if (tiers.isError) return <LoadError title="Tiers could not load" error={tiers.error} onRetry={() => void tiers.refetch()} />;
  const tierList = tiers.data.tiers;
  if (editing) return <EditPost key={editing.postId ?? 'new'} storeId={storeId} productId={productId} postId={editing.postId} tiers={tierList} onDone={() => setEditing(null)} />;

  const toggling = (id: string) => published.isPending && published.variables.postId === id;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {posts.data.posts.length === 1 ? '1 post' : `${posts.data.posts.length} posts`}
        </p>
        <Button onClick={() => setEditing({ postId: null })}>New post</Button>
      </div>
      <PostTitlesSwitch storeId={storeId} productId={productId} shown={posts.data.showLockedTitles} />
      {published.isError ? <Alert>{errorMessage(published.error)}</Alert> : null}
      {posts.data.posts.length === 0 ? (
        <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <p className="font-medium text-slate-900">{EMPTY_POSTS_TEXT}</p>
          <p className="mt-1 text-sm text-slate-600">Members read posts in your store’s members area; visitors see the titles of published ones, locked.</p>
        </div>
      ) : (
        <ul className="space-y-3" aria-label="Posts">
          {posts.data.posts.map((post) => (
            <li key={post.id} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5" aria-labelledby={`post-${post.id}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 id={`post-${post.id}`} className="min-w-0 break-words font-semibold text-slate-900">
                  {post.title}
                </h3>
                <span className={post.status === 'published' ? 'text-sm font-medium text-emerald-700' : 'text-sm font-medium text-slate-600'}>
                  {post.status === 'published' ? `Published ${formatDay(post.publishedAt ?? post.updatedAt)}` : 'Draft'}
                </span>
              </div>
              <p className="mt-1 text-sm text-slate-600">For: {tierNames(post.tierIds, tierList)}</p>
              {post.emailed ? <p className="mt-1 text-sm text-slate-600">{emailedText(post.emailed, formatDay(post.emailed.at))}</p> : null}
              <div className="mt-3 flex flex-wrap gap-2">
                <Button variant="secondary" onClick={() => setEditing({ postId: post.id })} aria-label={`Edit ${post.title}`}>
                  Edit
                </Button>
                <Button
                  variant="secondary"
                  disabled={toggling(post.id)}
                  aria-busy={toggling(post.id)}
                  onClick={() =>
                    published.mutate(
                      { postId: post.id, publish: post.status === 'draft' },
                      { onSuccess: ({ post: done }) => toast.success(done.status === 'published' ? 'Post published.' : 'Post moved back to drafts.') },
                    )
                  }
                >
                  {toggling(post.id) ? 'Saving…' : post.status === 'draft' ? 'Publish' : 'Unpublish'}
                </Button>
                {post.status === 'published' && !post.emailed ? (
                  <Button variant="secondary" onClick={() => setEmailing(post)} aria-label={`Send ${post.title} by email`}>
                    Send by email
                  </Button>
                ) : null}
                <Button variant="ghost" onClick={() => setDeleting(post)} aria-label={`Delete ${post.title}`}>
                  Delete
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <DeletePostDialog storeId={storeId} productId={productId} post={deleting} onClose={() => setDeleting(null)} />
      <EmailPostDialog storeId={storeId} productId={productId} post={emailing} onClose={() => setEmailing(null)} />
    </div>
  );
}

/** The editor once the post's text has loaded (a new post has nothing to load). */
function EditPost({ storeId, productId, postId, tiers, onDone }: { storeId: string; productId: string; postId: string | null; tiers: MembershipTier[]; onDone: () => void }) {
  const post = useMembershipPost(storeId, productId, postId);
  if (postId !== null && post.isPending) return <Spinner label="Loading the post" />;
  if (post.isError) return <LoadError title="The post could not load" error={post.error} onRetry={() => void post.refetch()} />;
  return <PostEditor storeId={storeId} productId={productId} post={post.data?.post ?? null} tiers={tiers} onDone={onDone} />;
}

function DeletePostDialog({ storeId, productId, post, onClose }: { storeId: string; productId: string; post: MembershipPostSummary | null; onClose: () => void }) {
  const remove = useDeleteMembershipPost(storeId, productId);
  const close = () => {
    remove.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={post !== null}
      title={`Delete “${post?.title ?? ''}”?`}
      description="Members can no longer read it and its title leaves your store page. This cannot be undone."
      confirmLabel="Delete post"
      pendingLabel="Deleting…"
      pending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error) : null}
      onClose={close}
      onConfirm={() => post && remove.mutate(post.id, { onSuccess: () => (toast.success('Post deleted.'), close()) })}
    />
  );
}
