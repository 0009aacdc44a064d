import { render, screen } from '@testing-library/react';
import { find } from 'linkifyjs';
import { describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './rich-text-editor.tsx';

// linkifyjs keeps the console.warn it found when it loaded, so the spy must exist before any import.
const warn = vi.hoisted(() => vi.spyOn(console, 'warn'));

describe('rich text editor', () => {
  it('mounts after linkify has run without "linkifyjs: already initialized" warnings', async () => {
    // Linkify initialises the first time it scans text (the Link extension's autolink does this as
    // the creator types a URL); every editor mounted after that must not register schemes again.
    expect(find('see https://shop.example')).toHaveLength(1);
    for (const label of ['First', 'Second']) {
      const view = render(<RichTextEditor label={label} value="<p>More at https://example.org</p>" onChange={() => {}} />);
      expect(await screen.findByRole('textbox', { name: label })).toHaveTextContent('example.org');
      view.unmount();
    }
    expect(warn.mock.calls.filter((args) => String(args[0]).includes('linkifyjs'))).toEqual([]);
  });
});
