import { AppError } from '@shopfront/core';
import type { HandlerRegistry } from '../types.ts';

// PLACEHOLDER: replaced by the real handlers before this lands.
const notYet = () => Promise.reject(new AppError('unimplemented', 'Not built yet'));

export const emailPreviewHandlers = {
  previewEmailCampaign: notYet,
} satisfies Partial<HandlerRegistry>;
