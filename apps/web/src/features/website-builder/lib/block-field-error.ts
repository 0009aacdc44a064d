import { isAppError, type BlockType, type WebsitePageContent } from '@shopfront/core';
import { BLOCK_LABELS } from './block-defaults.ts';

/** A save refused for one field of one block: which, in the words of the editor's panel, and why. */
export interface BlockFieldError {
  blockId: string;
  /** Puck's name of the field: `heading`, `items[0].quote`. */
  field: string;
  /** "Testimonials › Quote 1". */
  where: string;
  message: string;
}

type Issue = { path: (string | number)[]; message: string };
type LooseBlock = { type: string; props: Record<string, unknown> };
/** Puck's field config, as far as its labels go. */
type FieldLike = { type?: string; label?: string; arrayFields?: Record<string, { label?: string }> };
type Fields = Readonly<Record<string, unknown>>;

const isBlock = (value: unknown): value is LooseBlock =>
  typeof value === 'object' && value !== null && typeof (value as LooseBlock).type === 'string' && typeof (value as LooseBlock).props === 'object';

/**
 * The block field a refused save names: the server's `details.issues` carry each field's path in
 * the input (`['content', 'content', 3, 'props', 'heading']`, or through a Columns slot); this
 * finds that block in the content that was sent and the field's label in the editor's config.
 */
export function blockFieldError(error: unknown, content: WebsitePageContent, fieldsOf: (type: BlockType) => Fields | undefined): BlockFieldError | null {
  if (!isAppError(error) || error.code !== 'invalid-argument') return null;
  const issues = (error.details as { issues?: Issue[] } | null | undefined)?.issues ?? [];
  const issue = issues.find((each) => each.path[0] === 'content' && each.path[1] === 'content');
  if (!issue) return null;
  let blocks: unknown = content.content;
  let rest = issue.path.slice(2);
  let block: LooseBlock | null = null;
  while (typeof rest[0] === 'number' && rest[1] === 'props' && Array.isArray(blocks)) {
    const found: unknown = blocks[rest[0]];
    if (!isBlock(found)) return null;
    block = found;
    rest = rest.slice(2);
    // A block in a Columns slot: `left, 1, props, …`.
    if (found.type === 'Columns' && typeof rest[0] === 'string' && typeof rest[1] === 'number' && Array.isArray(found.props[rest[0]])) {
      blocks = found.props[rest[0]];
      rest = rest.slice(1);
    }
  }
  if (!block || typeof rest[0] !== 'string') return null;
  const type = block.type as BlockType;
  const label = fieldLabel(fieldsOf(type), rest);
  return {
    blockId: String(block.props.id ?? ''),
    field: rest.map((key, index) => (typeof key === 'number' ? `[${key}]` : index === 0 ? key : `.${key}`)).join(''),
    where: `${BLOCK_LABELS[type] ?? type} › ${label}`,
    message: issue.message,
  };
}

function fieldLabel(fields: Fields | undefined, path: (string | number)[]): string {
  const [name, index, sub] = path;
  const field = fields?.[String(name)] as FieldLike | undefined;
  if (field?.type === 'array' && typeof index === 'number' && typeof sub === 'string') {
    return `${field.arrayFields?.[sub]?.label ?? sub} ${index + 1}`;
  }
  return field?.label ?? String(name);
}
