import { AppError, websiteTextTooLong, type BlockType, type WebsitePageContent } from '@shopfront/core';
import { describe, expect, it, vi } from 'vitest';
import { WEBSITE_PUCK_CONFIG } from './puck-config.tsx';
import { blockFieldError } from './block-field-error.ts';

// The editor's real field config; Puck itself (its canvas needs a browser) is not loaded.
vi.mock('@puckeditor/core', () => ({ createUsePuck: () => () => null }));

const fieldsOf = (type: BlockType) => WEBSITE_PUCK_CONFIG.components[type]?.fields;
const refused = (path: (string | number)[], message = websiteTextTooLong(200)) =>
  new AppError('invalid-argument', message, { formErrors: [], fieldErrors: { content: [message] }, issues: [{ path, message }] });

const content = {
  root: { props: {} },
  content: [
    { type: 'Spacer', props: { id: 'Spacer-1', size: 'md', divider: false } },
    { type: 'Hero', props: { id: 'Hero-1', heading: 'x', subheading: '', align: 'left' } },
    {
      type: 'Columns',
      props: { id: 'Columns-1', layout: '1-1', left: [{ type: 'Testimonials', props: { id: 'Testimonials-1', items: [{ quote: 'a', name: 'b' }, { quote: 'c', name: 'd' }] } }], middle: [], right: [] },
    },
  ],
} as unknown as WebsitePageContent;

describe('blockFieldError', () => {
  it('names the block and the field of a top-level block by their labels', () => {
    expect(blockFieldError(refused(['content', 'content', 1, 'props', 'heading']), content, fieldsOf)).toEqual({
      blockId: 'Hero-1',
      field: 'heading',
      where: 'Hero › Heading',
      message: 'Keep this to 200 characters or fewer.',
    });
  });

  it('finds a block inside a Columns slot, and an item of a list', () => {
    expect(blockFieldError(refused(['content', 'content', 2, 'props', 'left', 0, 'props', 'items', 1, 'quote'], websiteTextTooLong(2000)), content, fieldsOf)).toEqual({
      blockId: 'Testimonials-1',
      field: 'items[1].quote',
      where: 'Testimonials › Quote 2',
      message: 'Keep this to 2,000 characters or fewer.',
    });
  });

  it('is null for a refusal that names no block field, or that is not a refused input', () => {
    expect(blockFieldError(refused(['pageId']), content, fieldsOf)).toBeNull();
    expect(blockFieldError(refused(['content', 'content', 9, 'props', 'heading']), content, fieldsOf)).toBeNull();
    expect(blockFieldError(new AppError('invalid-argument', 'This page is too large to save.'), content, fieldsOf)).toBeNull();
    expect(blockFieldError(new AppError('unavailable', 'Down'), content, fieldsOf)).toBeNull();
  });
});
