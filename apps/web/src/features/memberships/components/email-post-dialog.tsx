import type { MembershipPostSummary } from '@shopfront/core';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useEmailMembershipPost, usePostEmailPreview } from '../api/membership-posts-api.ts';

const members = (n: number) => (n === 1 ? '1 member' : `${n.toLocaleString('en-US')} members`);

/** What the posts list says of a post that was emailed. */
export const emailedText = (emailed: NonNullable<MembershipPostSummary['emailed']>, day: string) => `Emailed to ${members(emailed.recipients)} on ${day}`;

/**
 * "Send by email" confirmation: says how many members it reaches now (the server counts: live
 * access on the post's tiers, unsubscribed and suppressed addresses left out) and that it goes
 * once; sending is the campaign machinery's, with its limits and unsubscribe link.
 */
export function EmailPostDialog({ storeId, productId, post, onClose }: { storeId: string; productId: string; post: MembershipPostSummary | null; onClose: () => void }) {
  const preview = usePostEmailPreview(storeId, productId, post?.id ?? null);
  const send = useEmailMembershipPost(storeId, productId);
  const close = () => {
    send.reset();
    onClose();
  };
  const description = preview.isPending
    ? 'Counting the members it would reach…'
    : preview.isError
      ? errorMessage(preview.error)
      : `It goes to ${members(preview.data.recipients)} of its tiers whose membership is live (members who unsubscribed from your emails are left out), with an unsubscribe link. A post is emailed once: this cannot be undone or sent again.`;
  return (
    <ConfirmDialog
      // Sending is not destructive: the plain confirmation, not the red one.
      tone="default"
      open={post !== null}
      title={`Email “${post?.title ?? ''}” to its members?`}
      description={description}
      confirmLabel={preview.data ? `Send to ${members(preview.data.recipients)}` : 'Send'}
      pendingLabel="Sending…"
      pending={send.isPending}
      error={send.isError ? errorMessage(send.error) : null}
      onClose={close}
      onConfirm={() =>
        post &&
        send.mutate(post.id, {
          onSuccess: ({ post: done }) => {
            toast.success(`Emailing ${members(done.emailed?.recipients ?? 0)}.`);
            close();
          },
        })
      }
    />
  );
}
