import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from '../../scripts/vitePrecompress.ts';

// The public website: hash router, served by the API server at "/" (apps/server serves dist/).
// `vite build --ssr src/ssr.tsx --outDir dist-ssr`: the server's page render (no public files, no precompression).
export default defineConfig(({ isSsrBuild }) => (({
  base: '/',
  plugins: isSsrBuild ? [react()] : [react(), precompress()],
  server: {
    port: 5174,
    proxy: { '/api': { target: 'http://127.0.0.1:8080', changeOrigin: true } },
  },
  build: {
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts'],
  },
}) as Record<string, unknown>) as never);
