import { SOCIAL_PLATFORMS, type SocialLink } from '@shopfront/core';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import ICON_SPRITE from './icon-sprite.svg?raw';
import { SOCIAL_PLATFORM_INFO, SocialIcon } from './social-icons.tsx';

describe('social icons', () => {
  it('has a label and a sprite glyph for every platform core allows', () => {
    for (const platform of SOCIAL_PLATFORMS) {
      expect(SOCIAL_PLATFORM_INFO[platform].label).toBeTruthy();
      expect(ICON_SPRITE).toContain(`<symbol id="sf-i-${platform}" viewBox="0 0 24 24"`);
    }
  });

  it('renders a decorative svg that uses its platform’s symbol', () => {
    const { container } = render(<SocialIcon platform="github" className="extra" />);
    const icon = container.firstElementChild!;
    expect(icon.tagName).toBe('svg');
    expect(icon).toHaveClass('social-icon', 'extra');
    expect(icon).toHaveAttribute('aria-hidden', 'true');
    expect(icon).toHaveAttribute('data-platform', 'github');
    expect(icon.querySelector('use')).toHaveAttribute('href', '#sf-i-github');
  });

  it('draws a platform this build does not know with the website glyph', () => {
    const { container } = render(<SocialIcon platform={'myspace' as SocialLink['platform']} />);
    expect(container.querySelector('use')).toHaveAttribute('href', '#sf-i-website');
  });
});
