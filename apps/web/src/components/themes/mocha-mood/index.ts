import { THEME_PALETTES } from '@shopfront/core/theme-palette';
import type { ThemeDefinition } from '../types.ts';
import { MochaBackdrop } from './mocha-backdrop.tsx';
import './mocha-mood.css';

/** The default theme (spec §3): a warm coffee-house page — cream, mocha and caramel. */
export const mochaMood: ThemeDefinition = {
  id: 'mocha-mood',
  label: 'Mocha Mood',
  description: 'Warm and cozy: cream and caramel, soft rounded cards, a friendly serif.',
  // Colours, fonts and ink come from core, shared with the server-rendered buyer pages.
  defaults: THEME_PALETTES['mocha-mood'].defaults,
  fonts: THEME_PALETTES['mocha-mood'].fonts,
  ink: THEME_PALETTES['mocha-mood'].ink,
  Backdrop: MochaBackdrop,
};
