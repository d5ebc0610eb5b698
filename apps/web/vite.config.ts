import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { bootScript } from './build/boot-script.ts';
import { CHUNK_GROUPS } from './build/chunk-groups.ts';
import { prerender } from './build/prerender.ts';

// In development the API runs on its own port (npm run dev); Vite forwards to it.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  plugins: [
    react(),
    bootScript(),
    prerender(),
    // Brotli and gzip copies next to every asset, made once at build time at the highest
    // levels; the server sends the one the browser accepts without compressing per request.
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      threshold: 1024,
      exclude: [/\.map$/, /\.(png|jpe?g|webp|avif|mp3|ogg|woff2?)$/],
    }),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': apiTarget,
      '/v1': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
  // The manifest says which chunks each route loads first: the size budget test reads it.
  build: {
    outDir: 'dist',
    sourcemap: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: CHUNK_GROUPS } } },
  },
});
