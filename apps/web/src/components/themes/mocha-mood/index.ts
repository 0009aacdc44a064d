import type { ThemeDefinition } from '../types.ts';
import { MochaBackdrop } from './mocha-backdrop.tsx';
import './mocha-mood.css';

/** The default theme (spec §3): a warm coffee-house page — cream, mocha and caramel. */
export const mochaMood: ThemeDefinition = {
  id: 'mocha-mood',
  label: 'Mocha Mood',
  description: 'Warm and cozy: cream and caramel, soft rounded cards, a friendly serif.',
  defaults: {
    buttonColor: '#6f4e37',
    buttonTextColor: '#fffaf3',
    backgroundStartColor: '#f8eee2',
    backgroundEndColor: '#e7cfb3',
    headerBackgroundColor: '#fffaf4',
    titleTextColor: '#4a2f1f',
    socialIconsColor: '#8b5a3c',
  },
  fonts: {
    heading: '"Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "Noto Serif", serif',
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  ink: {
    onLight: { text: '#3b2619', muted: '#6b4e3d', surface: 'rgba(255, 251, 246, 0.86)', surfaceBorder: 'rgba(107, 78, 61, 0.16)' },
    onDark: { text: '#fbf3ea', muted: '#e6d2bf', surface: 'rgba(255, 255, 255, 0.09)', surfaceBorder: 'rgba(255, 255, 255, 0.16)' },
  },
  Backdrop: MochaBackdrop,
};
