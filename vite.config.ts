import zlib from 'node:zlib';
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

// The SPA is served by the Node server from dist/; in development Vite proxies the API and the
// identity server to it. No inline scripts are emitted, so the strict CSP holds. Every text asset gets
// .br (quality 11) and .gz (level 9) siblings at build time, which the server sends by negotiation.
export default defineConfig({
  plugins: [
    react(),
    vanillaExtractPlugin(),
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: /\.map$/,
      logLevel: 'silent',
    }),
  ],
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
