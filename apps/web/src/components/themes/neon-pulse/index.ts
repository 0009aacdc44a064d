import type { ThemeDefinition } from '../types.ts';
import { NeonBackdrop } from './neon-backdrop.tsx';
import './neon-pulse.css';

/** Dark synthwave: a deep navy-to-black night, neon magenta and cyan, glowing buttons. */
export const neonPulse: ThemeDefinition = {
  id: 'neon-pulse',
  label: 'Neon Pulse',
  description: 'Dark synthwave: midnight gradient, neon magenta and cyan, glowing buttons.',
  defaults: {
    buttonColor: '#ff2bd6',
    buttonTextColor: '#14021f',
    backgroundStartColor: '#170b3f',
    backgroundEndColor: '#02030c',
    headerBackgroundColor: '#0d0a26',
    titleTextColor: '#4df3ff',
    socialIconsColor: '#4df3ff',
  },
  fonts: {
    heading:
      '"Avenir Next Condensed", "Arial Narrow", "Liberation Sans Narrow", "Roboto Condensed", sans-serif-condensed, "Helvetica Neue", Impact, sans-serif',
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  ink: {
    onLight: { text: '#160a33', muted: '#4a3f6e', surface: 'rgba(255, 255, 255, 0.74)', surfaceBorder: 'rgba(22, 10, 51, 0.16)' },
    onDark: { text: '#eeeaff', muted: '#b7afe0', surface: 'rgba(13, 10, 38, 0.78)', surfaceBorder: 'rgba(150, 125, 255, 0.28)' },
  },
  Backdrop: NeonBackdrop,
};
