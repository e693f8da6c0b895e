import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

export default defineConfig({
  base: '/app/',
  plugins: [react(), precompress()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    target: 'es2020',
    // The phone downloads what the first page needs; the rest comes with the page that needs it.
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    manifest: true,
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:8080', '/storage': 'http://127.0.0.1:8080' },
  },
});
