import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { BlockFieldError } from '../lib/block-field-error.ts';
import { BlockFieldErrorContext, FIELD_ERROR_OVERRIDES } from './field-error.tsx';

// Puck's store, reduced to the selected block this note reads.
let selectedId: string | null = 'Hero-1';
vi.mock('@puckeditor/core', () => ({
  createUsePuck: () => (selector: (state: { selectedItem: { props: { id: string } } | null }) => unknown) => selector({ selectedItem: selectedId ? { props: { id: selectedId } } : null }),
}));

const ERROR: BlockFieldError = { blockId: 'Hero-1', field: 'heading', where: 'Hero › Heading', message: 'Keep this to 200 characters or fewer.' };
const Text = FIELD_ERROR_OVERRIDES.text as (props: { children: ReactNode; name: string }) => ReactNode;

function field(name: string, error: BlockFieldError | null = ERROR) {
  return render(
    <BlockFieldErrorContext.Provider value={error}>
      <Text name={name}>
        <input aria-label={name} />
      </Text>
    </BlockFieldErrorContext.Provider>,
  );
}

describe('the refused field’s note in Puck’s panel', () => {
  it('shows the reason under the field the save named, while its block is selected', () => {
    field('heading');
    expect(screen.getByLabelText('heading')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Keep this to 200 characters or fewer.');
  });

  it('shows nothing under another field, for another selected block, or without a refusal', () => {
    field('subheading').unmount();
    field('heading', null).unmount();
    selectedId = 'Hero-2';
    field('heading');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
