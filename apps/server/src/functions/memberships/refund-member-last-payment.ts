import { refundMemberLastPayment as refundInDb } from '#src/domain/memberships/creator/refund-member-last-payment.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const refundMemberLastPayment: Handler<'refundMemberLastPayment'> = (input, ctx) =>
  refundInDb({ db: ctx.db, now: ctx.now(), env: ctx.env }, { ...input, userId: creatorId(ctx) });
