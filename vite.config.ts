import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The SPA is served by the Node server from dist/; in development Vite proxies the API and the
// identity server to it. No inline scripts are emitted, so the strict CSP holds.
export default defineConfig({
  plugins: [react(), vanillaExtractPlugin()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, modulePreload: { polyfill: false } },
  server: {
    port: 4200,
    proxy: Object.fromEntries(
      ['/api', '/connect', '/.well-known', '/Account', '/health'].map((p) => [
        p,
        { target: 'http://localhost:44300', changeOrigin: false },
      ]),
    ),
  },
});
