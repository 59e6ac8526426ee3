import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig({
  root: 'src/client',
  // Images are served by the API server from public/ (in development through the proxy below).
  publicDir: false,
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Maps are written for debugging on the server, without a link in the scripts; never served.
    sourcemap: 'hidden',
    manifest: true,
    target: 'es2022',
  },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/images': apiTarget },
  },
});
