import { sendCustomerCode as send } from '#src/domain/members/send-customer-code.ts';
import type { Handler } from '../types.ts';

export const sendCustomerCode: Handler<'sendCustomerCode'> = (input, ctx) =>
  send({ db: ctx.db, env: ctx.env, ...input, ip: ctx.request.ip, now: ctx.now() });
