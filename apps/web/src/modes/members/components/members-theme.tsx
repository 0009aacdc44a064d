import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { themeStyle, isDark, DEFAULT_THEME_ID } from '#src/components/themes/index.ts';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { useStoreProfile } from '#src/features/members/index.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
// The storefront's root styles (gradient, fonts, focus ring) and the themes load before ours.
import '#src/features/storefront/storefront.css';
import './members-theme.css';

/** Error text on the cards: a red that reads on the (possibly creator-coloured) card background. */
const DANGER = { onDark: '#ffa8a8', onLight: '#b42318' } as const;

/**
 * The members area in the store's theme and the creator's colours, like the storefront: the
 * theme's root (`.sf-root[data-theme]`) with its backdrop, and members-theme.css mapping the
 * shared components' colours onto the theme's custom properties. While the profile loads, a
 * spinner (not a flash of the default theme); without a profile, the default theme.
 */
export function MembersTheme({ children }: { children?: ReactNode }) {
  const { storeKey } = useAppContext();
  const profile = useStoreProfile(storeKey);
  const { theme, palette, style } = themeStyle(profile.data?.theme ?? DEFAULT_THEME_ID, profile.data?.themeOverrides.colors);
  const Backdrop = theme.Backdrop;
  const danger = isDark(palette.headerBackgroundColor) ? DANGER.onDark : DANGER.onLight;
  return (
    <div className="sf-root sf-members" data-theme={theme.id} style={{ ...style, ['--sf-members-danger' as string]: danger }}>
      {Backdrop ? <Backdrop /> : null}
      {profile.isPending ? <FullPageSpinner label="Loading store" /> : (children ?? <Outlet />)}
    </div>
  );
}
