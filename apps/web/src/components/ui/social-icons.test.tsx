import { SOCIAL_PLATFORMS } from '@shopfront/core';
import { render } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SOCIAL_PLATFORM_INFO, SocialIcon } from './social-icons.tsx';

// Read from disk: Vitest does not process CSS imports (they come back empty).
const css = readFileSync(join(import.meta.dirname, 'social-icons.css'), 'utf8');

describe('social icons', () => {
  it('has a label and a CSS glyph for every platform core allows (website is the base glyph)', () => {
    for (const platform of SOCIAL_PLATFORMS) {
      expect(SOCIAL_PLATFORM_INFO[platform].label).toBeTruthy();
      if (platform !== 'website') expect(css).toContain(`.social-icon[data-platform='${platform}'] {\n  --social-icon: url("data:image/svg+xml,`);
    }
  });

  it('keeps the data URIs well formed: no raw #, <, > or double quote inside them', () => {
    const uris = [...css.matchAll(/url\("data:image\/svg\+xml,([^"]*)"\)/g)].map((match) => match[1] ?? '');
    expect(uris).toHaveLength(SOCIAL_PLATFORMS.length);
    for (const uri of uris) {
      expect(uri).not.toMatch(/[#<>"]/);
      expect(decodeURIComponent(uri)).toMatch(/^<svg xmlns='http:\/\/www\.w3\.org\/2000\/svg' viewBox='0 0 24 24'.*<\/svg>$/);
    }
  });

  it('renders a decorative span that names its platform', () => {
    const { container } = render(<SocialIcon platform="github" className="extra" />);
    const icon = container.firstElementChild!;
    expect(icon.tagName).toBe('SPAN');
    expect(icon).toHaveClass('social-icon', 'extra');
    expect(icon).toHaveAttribute('data-platform', 'github');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
  });
});
