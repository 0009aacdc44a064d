/// <reference types="vitest/config" />
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const SERVER_ORIGIN = 'http://localhost:3000';
const MODE_ROUTES = /[\\/]modes[\\/](\w+)[\\/]routes\.tsx$/;

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // `mode-<name>-<hash>.js`: the e2e suite proves a storefront visitor never downloads dashboard code.
        chunkFileNames: (chunk) => {
          const mode = MODE_ROUTES.exec(chunk.facadeModuleId ?? '')?.[1];
          return mode ? `assets/mode-${mode}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  server: {
    proxy: {
      '/fn': SERVER_ORIGIN,
      '/healthz': SERVER_ORIGIN,
    },
  },
});
