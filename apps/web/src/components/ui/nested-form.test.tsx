import { fireEvent, render, screen } from '@testing-library/react';
import { createPortal } from 'react-dom';
import { describe, expect, it, vi } from 'vitest';
import { NestedForm } from './nested-form.tsx';

/** An outer form with a dialog-like form portalled to the body, as the product editor's dialogs are. */
function Editor({ onOuter, onInner }: { onOuter: () => void; onInner: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onOuter();
      }}
    >
      <button type="submit">Save product</button>
      {createPortal(
        <NestedForm aria-label="Add a section" onSubmit={onInner}>
          <button type="submit">Add section</button>
        </NestedForm>,
        document.body,
      )}
    </form>
  );
}

describe('NestedForm', () => {
  it('submits itself without submitting the form it is rendered inside', () => {
    const onOuter = vi.fn();
    const onInner = vi.fn();
    render(<Editor onOuter={onOuter} onInner={onInner} />);

    fireEvent.click(screen.getByRole('button', { name: 'Add section' }));
    expect(onInner).toHaveBeenCalledTimes(1);
    expect(onOuter).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Save product' }));
    expect(onOuter).toHaveBeenCalledTimes(1);
    expect(onInner).toHaveBeenCalledTimes(1);
  });

  it('cancels the browser submit so the page does not navigate', () => {
    const onInner = vi.fn();
    render(
      <NestedForm aria-label="Rename" onSubmit={onInner}>
        <button type="submit">Rename</button>
      </NestedForm>,
    );
    const form = screen.getByRole('form', { name: 'Rename' });
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(onInner).toHaveBeenCalledTimes(1);
  });
});
