import { formatBytes, type MyMembership, type MyMembershipPost } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useMyMembershipPost, useMyMembershipPosts } from '../api/my-membership-posts-api.ts';
import { useMyMemberships } from '../api/my-memberships-api.ts';
import { formatDay } from '../lib/member-format.ts';
import { ChangeTierDialog } from './change-tier-dialog.tsx';

export const NO_POSTS_TEXT = 'No posts yet. New posts for your tier appear here.';

/** The product page a "Renew" link goes to, from the store's root link (`/{slug}` or `/`). */
export const productPagePath = (storeHref: string, productSlug: string) => `${storeHref.replace(/\/$/, '')}/p/${productSlug}`;

/**
 * The members area's posts: those the member's tier may read open in place; others say which tier
 * reads them (with the change-tier dialog), or, once access has ended, link to the membership's
 * page to renew. The server sends a post's text only when it may be read.
 */
export function MyMembershipPosts({ storeId, storeHref }: { storeId: string; storeHref: string }) {
  const posts = useMyMembershipPosts(storeId);
  const memberships = useMyMemberships(storeId);
  const [upgrading, setUpgrading] = useState<MyMembership | null>(null);
  if (posts.isPending) return <Spinner label="Loading posts" />;
  if (posts.isError) return <LoadError title="Posts could not load" error={posts.error} onRetry={() => void posts.refetch()} />;
  const list = posts.data.posts;
  const several = new Set(list.map((post) => post.productId)).size > 1;
  const upgrade = (post: MyMembershipPost) => setUpgrading(memberships.data?.memberships.find((one) => one.id === post.membershipId) ?? null);
  return (
    <section className="space-y-3" aria-labelledby="member-posts-title">
      <h2 id="member-posts-title" className="text-lg font-semibold text-slate-900">
        Members-only posts
      </h2>
      {list.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{NO_POSTS_TEXT}</p>
      ) : (
        <ul className="space-y-3" aria-label="Members-only posts">
          {list.map((post) => (
            <PostItem key={post.id} storeId={storeId} storeHref={storeHref} post={post} showProduct={several} onUpgrade={() => upgrade(post)} />
          ))}
        </ul>
      )}
      <ChangeTierDialog storeId={storeId} membership={upgrading} onClose={() => setUpgrading(null)} />
    </section>
  );
}

function PostItem({ storeId, storeHref, post, showProduct, onUpgrade }: { storeId: string; storeHref: string; post: MyMembershipPost; showProduct: boolean; onUpgrade: () => void }) {
  const [open, setOpen] = useState(false);
  const bodyId = `post-body-${post.id}`;
  return (
    <li className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5" aria-labelledby={`post-${post.id}`}>
      <h3 id={`post-${post.id}`} className="break-words font-semibold text-slate-900">
        {post.access === 'open' ? null : <span className="sr-only">Locked: </span>}
        {post.title}
      </h3>
      <p className="text-sm text-slate-600">
        {formatDay(post.publishedAt)}
        {showProduct ? ` · ${post.productTitle}` : ''}
      </p>
      {post.access === 'open' ? (
        <>
          <Button variant="secondary" className="mt-3" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
            {open ? 'Close' : 'Read'}
          </Button>
          {open ? <PostBody id={bodyId} storeId={storeId} postId={post.id} /> : null}
        </>
      ) : (
        <Locked post={post} storeHref={storeHref} onUpgrade={onUpgrade} />
      )}
    </li>
  );
}

function Locked({ post, storeHref, onUpgrade }: { post: MyMembershipPost; storeHref: string; onUpgrade: () => void }) {
  const box = 'mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900';
  if (post.access === 'upgrade') {
    return (
      <div className={box}>
        {post.upgradeTo ? (
          <Button variant="secondary" onClick={onUpgrade}>
            Upgrade to {post.upgradeTo.name} to read
          </Button>
        ) : (
          <p>This post is for members of another tier.</p>
        )}
      </div>
    );
  }
  if (post.access === 'resume') return <p className={box}>Your membership is paused: resume it above to read.</p>;
  return (
    <div className={box}>
      <p>Your access has ended.</p>
      <a href={productPagePath(storeHref, post.productSlug)} className="mt-1 inline-flex min-h-11 items-center font-semibold underline">
        Renew
      </a>
    </div>
  );
}

function PostBody({ id, storeId, postId }: { id: string; storeId: string; postId: string }) {
  const post = useMyMembershipPost(storeId, postId, true);
  return (
    <div id={id} className="mt-3" aria-live="polite">
      {post.isPending ? (
        <Spinner label="Loading the post" />
      ) : post.isError ? (
        <LoadError title="The post could not load" error={post.error} onRetry={() => void post.refetch()} />
      ) : post.data.post.bodyHtml === null ? (
        <p className="text-sm text-slate-600">This post is locked now.</p>
      ) : (
        <>
          {/* Sanitised by the server on write (the product description's sanitiser, plus the store's own images). */}
          <div className="sf-prose max-w-none [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg" dangerouslySetInnerHTML={{ __html: post.data.post.bodyHtml }} />
          <PostFiles files={post.data.post.files} />
        </>
      )}
    </div>
  );
}

/** The post's files, each a signed link made for this reading (it stops working when access ends). */
function PostFiles({ files }: { files: { id: string; name: string; sizeBytes: number; url: string }[] }) {
  if (files.length === 0) return null;
  return (
    <div className="mt-4 border-t border-slate-200 pt-3">
      <h4 className="text-sm font-semibold text-slate-900">Files</h4>
      <ul className="mt-1 space-y-1" aria-label="Post files">
        {files.map((file) => (
          <li key={file.id} className="flex flex-wrap items-center gap-x-2 text-sm">
            <a href={file.url} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline" rel="noreferrer">
              Download {file.name}
            </a>
            <span className="text-slate-500">{formatBytes(file.sizeBytes)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
