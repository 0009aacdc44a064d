import { TOP_LEVEL_ONLY_BLOCK_TYPES, WEBSITE_LIMITS, type BlockType } from '@shopfront/core';
import type { ComponentConfig, Config, Field } from '@puckeditor/core';
import type { ReactNode } from 'react';
import { RichTextEditor } from '#src/components/forms/rich-text-editor.tsx';
import { CanvasImageField } from '../components/canvas-image-field.tsx';
import { FieldErrorNote } from '../components/field-error.tsx';
import { ProductPicker, ProductSelect } from '../components/product-fields.tsx';
import { CanvasBlock, CanvasColumns, CanvasRoot } from '../components/canvas-block.tsx';
import { BLOCK_DEFAULTS, BLOCK_LABELS } from './block-defaults.ts';

const L = WEBSITE_LIMITS;

/** `placeholder`: an example in the empty field, never saved (new blocks start empty). */
const text = (label: string, placeholder?: string): Field => ({ type: 'text', label, ...(placeholder ? { placeholder } : {}) });
const textarea = (label: string, placeholder?: string): Field => ({ type: 'textarea', label, ...(placeholder ? { placeholder } : {}) });
const radio = (label: string, options: readonly { label: string; value: string | number | boolean }[]): Field => ({ type: 'radio', label, options });
const yesNo = (label: string) => radio(label, [{ label: 'Yes', value: true }, { label: 'No', value: false }]);

const image = (label: string): Field => ({
  type: 'custom',
  label,
  render: ({ value, onChange, readOnly, name }) => (
    <>
      <CanvasImageField label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} readOnly={readOnly ?? false} />
      <FieldErrorNote name={name} />
    </>
  ),
});
const richText = (label: string): Field => ({
  type: 'custom',
  label,
  render: ({ value, onChange, readOnly, name }) => (
    <>
      <RichTextEditor label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} readOnly={readOnly ?? false} />
      <FieldErrorNote name={name} />
    </>
  ),
});
const products = (label: string): Field => ({
  type: 'custom',
  label,
  render: ({ value, onChange, readOnly }) => <ProductPicker label={label} value={Array.isArray(value) ? (value as string[]) : []} onChange={onChange} readOnly={readOnly ?? false} />,
});
const product = (label: string): Field => ({
  type: 'custom',
  label,
  render: ({ value, onChange, readOnly }) => <ProductSelect label={label} value={typeof value === 'string' ? value : ''} onChange={onChange} readOnly={readOnly ?? false} />,
});

type ItemSummary = (item: Record<string, unknown>, index?: number) => string;
const list = (label: string, arrayFields: Record<string, Field>, defaultItemProps: Record<string, unknown>, max: number, summary: ItemSummary): Field => ({
  type: 'array',
  label,
  arrayFields,
  defaultItemProps,
  getItemSummary: summary,
  min: 1,
  max,
});
const summaryOf = (key: string, noun: string): ItemSummary => (item, index = 0) => {
  const value = item[key];
  return typeof value === 'string' && value.trim() ? value : `${noun} ${index + 1}`;
};

/** Each block's fields, named exactly as core's block schemas name its props. */
const FIELDS: Record<BlockType, Record<string, Field>> = {
  Hero: {
    heading: text('Heading', 'Welcome to my studio'),
    subheading: textarea('Text', 'Say what your site is about in a sentence or two.'),
    imageSrc: image('Image'),
    imageAlt: text('Image description (alt text)'),
    ctaLabel: text('Button label', 'Shop now'),
    ctaHref: text('Button link', 'https:// or /page'),
    align: radio('Alignment', [{ label: 'Left', value: 'left' }, { label: 'Centre', value: 'center' }]),
  },
  RichText: { html: richText('Text') },
  Image: {
    src: image('Image'),
    alt: text('Image description (alt text)'),
    caption: text('Caption'),
    width: radio('Width', [{ label: 'Narrow', value: 'narrow' }, { label: 'Wide', value: 'wide' }, { label: 'Full', value: 'full' }]),
  },
  ImageText: {
    src: image('Image'),
    alt: text('Image description (alt text)'),
    heading: text('Heading', 'The story behind it'),
    html: richText('Text'),
    imageSide: radio('Image side', [{ label: 'Left', value: 'left' }, { label: 'Right', value: 'right' }]),
  },
  Gallery: {
    images: list('Images', { src: image('Image'), alt: text('Image description (alt text)') }, { src: '', alt: '' }, L.galleryImagesMax, summaryOf('alt', 'Image')),
    columns: radio('Columns', [{ label: '2', value: 2 }, { label: '3', value: 3 }, { label: '4', value: 4 }]),
  },
  ButtonRow: {
    buttons: list(
      'Buttons',
      { label: text('Label', 'Shop now'), href: text('Link', 'https:// or /page'), style: radio('Style', [{ label: 'Primary', value: 'primary' }, { label: 'Secondary', value: 'secondary' }]) },
      { label: 'Learn more', href: '', style: 'secondary' },
      L.buttonsMax,
      summaryOf('label', 'Button'),
    ),
  },
  VideoEmbed: { url: text('YouTube or Vimeo link'), title: text('Title (for screen readers)') },
  Testimonials: {
    heading: text('Heading', 'What people say'),
    items: list('Testimonials', { quote: textarea('Quote', 'What a customer told you, in their words'), name: text('Name', 'Their name'), role: text('Role', 'Optional: who they are') }, { quote: '', name: '', role: '' }, L.testimonialsMax, summaryOf('name', 'Testimonial')),
  },
  Faq: {
    heading: text('Heading', 'Questions'),
    items: list('Questions', { question: text('Question', 'How do I get my download?'), answer: textarea('Answer', 'Right after checkout, and by email.') }, { question: '', answer: '' }, L.faqItemsMax, summaryOf('question', 'Question')),
  },
  ProductGrid: {
    heading: text('Heading'),
    productIds: products('Products'),
    columns: radio('Columns', [{ label: '2', value: 2 }, { label: '3', value: 3 }]),
  },
  ProductCard: { productId: product('Product') },
  EmailSignup: { heading: text('Heading'), text: textarea('Text'), buttonLabel: text('Button label'), consentLabel: text('Consent text') },
  LinkList: { heading: text('Heading', 'Links'), links: list('Links', { label: text('Label', 'My podcast'), href: text('Link', 'https://') }, { label: '', href: '' }, L.linksMax, summaryOf('label', 'Link')) },
  Spacer: { size: radio('Size', [{ label: 'Small', value: 'sm' }, { label: 'Medium', value: 'md' }, { label: 'Large', value: 'lg' }]), divider: yesNo('Divider line') },
  Columns: {
    layout: {
      type: 'select',
      label: 'Layout',
      options: [
        { label: 'Two equal columns', value: '1-1' },
        { label: 'Narrow, wide', value: '1-2' },
        { label: 'Wide, narrow', value: '2-1' },
        { label: 'Three equal columns', value: '1-1-1' },
      ],
    },
    left: { type: 'slot', label: 'First column', disallow: [...TOP_LEVEL_ONLY_BLOCK_TYPES] },
    middle: { type: 'slot', label: 'Second column', disallow: [...TOP_LEVEL_ONLY_BLOCK_TYPES] },
    right: { type: 'slot', label: 'Third column', disallow: [...TOP_LEVEL_ONLY_BLOCK_TYPES] },
  },
  SiteHeader: { showStoreName: yesNo('Show the store name'), ctaLabel: text('Button label'), ctaHref: text('Button link') },
  SiteFooter: { text: textarea('Text'), showNavigation: yesNo('Show the page links') },
};

function componentConfig(type: BlockType): ComponentConfig {
  return {
    label: BLOCK_LABELS[type],
    fields: FIELDS[type],
    defaultProps: BLOCK_DEFAULTS[type],
    render:
      type === 'Columns'
        ? ({ layout, left, middle, right }) => <CanvasColumns layout={layout} left={left} middle={middle} right={right} />
        : ({ puck: _puck, editMode: _editMode, ...props }) => <CanvasBlock type={type} props={props} />,
  };
}

const TYPES = Object.keys(FIELDS) as BlockType[];

/** Puck's config for a website page: every block of core's schema, grouped in the drawer. */
export const WEBSITE_PUCK_CONFIG: Config = {
  categories: {
    content: { title: 'Content', components: ['Hero', 'RichText', 'Image', 'ImageText', 'Gallery', 'ButtonRow', 'VideoEmbed', 'Testimonials', 'Faq', 'LinkList'] },
    commerce: { title: 'Sell', components: ['ProductGrid', 'ProductCard', 'EmailSignup'] },
    layout: { title: 'Layout', components: ['Columns', 'Spacer', 'SiteHeader', 'SiteFooter'] },
  },
  components: Object.fromEntries(TYPES.map((type) => [type, componentConfig(type)])),
  root: { fields: {}, render: ({ children }: { children: ReactNode }) => <CanvasRoot>{children}</CanvasRoot> },
};
