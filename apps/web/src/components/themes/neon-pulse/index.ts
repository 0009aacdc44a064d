import { THEME_PALETTES } from '@shopfront/core/theme-palette';
import type { ThemeDefinition } from '../types.ts';
import { NeonBackdrop } from './neon-backdrop.tsx';
import './neon-pulse.css';

/** Dark synthwave: a deep navy-to-black night, neon magenta and cyan, glowing buttons. */
export const neonPulse: ThemeDefinition = {
  id: 'neon-pulse',
  label: 'Neon Pulse',
  description: 'Dark synthwave: midnight gradient, neon magenta and cyan, glowing buttons.',
  // Colours, fonts and ink come from core, shared with the server-rendered buyer pages.
  defaults: THEME_PALETTES['neon-pulse'].defaults,
  fonts: THEME_PALETTES['neon-pulse'].fonts,
  ink: THEME_PALETTES['neon-pulse'].ink,
  Backdrop: NeonBackdrop,
};
