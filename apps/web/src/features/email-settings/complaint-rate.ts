import { EMAIL_LIMITS } from '@shopfront/core';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 2 });
const number = new Intl.NumberFormat('en-US');

/** "0.3%": complaints are stored as a share (0.003). */
export const formatRate = (share: number) => percent.format(share);

/** The pause rule in words, with the limits the server applies. */
export const COMPLAINT_RULE = `Sending pauses when spam complaints pass ${formatRate(EMAIL_LIMITS.complaintRateMax)} of the store’s last ${number.format(EMAIL_LIMITS.complaintWindow)} emails.`;
