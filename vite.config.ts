import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

/**
 * Marks every script for compiling at once, off the main thread (docs/rendering.md#compile-hints).
 * A chunk is loaded when its code is about to run; unmarked, V8 compiles each function on the main
 * thread the first time it is called, in the middle of hydrating. The mark goes in before the file
 * names are hashed (`postBanner`), but it must be the file's first line, and Vite then puts its
 * one-line table of preloads (`__vite__mapDeps`) above it in chunks that load others: the two lines
 * trade places here. Neither has source-map entries, so the map stays true.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

function compileHintFirst(): Plugin {
  return {
    name: 'discoverlocal:compile-hint-first',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || chunk.code.startsWith(`${COMPILE_HINT}\n`)) continue;
          const [preamble, hint, ...rest] = chunk.code.split('\n');
          if (!preamble?.startsWith('const __vite__mapDeps=') || hint !== COMPILE_HINT) {
            this.error(`${chunk.fileName}: the compile hint is not on its first two lines`);
          }
          chunk.code = [hint, preamble, ...rest].join('\n');
        }
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 5000}`;

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  // In the browser, Zod never tries eval, which the Content Security Policy forbids (lib/zod-browser.ts),
  // and React's own useSyncExternalStore stands in for the shim of older Reacts (lib/use-sync-external-store.ts).
  resolve: isSsrBuild
    ? {}
    : {
        alias: [
          { find: /^zod$/, replacement: fileURLToPath(new URL('src/client/lib/zod-browser.ts', import.meta.url)) },
          {
            find: /^use-sync-external-store\/shim(\/index\.js)?$/,
            replacement: fileURLToPath(new URL('src/client/lib/use-sync-external-store.ts', import.meta.url)),
          },
        ],
      },
  // The page renderer takes the icons it uses into its own code: left external, the server loaded
  // lucide-react's whole library, 4.5 MB more of its heap (docs/rendering.md#how).
  ssr: { noExternal: ['lucide-react'] },
  // Images are served by the API server from public/ (in development through the proxy below).
  publicDir: false,
  plugins: [
    react(),
    tailwindcss(),
    !isSsrBuild && compileHintFirst(),
    // The server's page renderer (docs/rendering.md) is built without the service worker.
    !isSsrBuild &&
      // Installable and usable offline (docs/offline.md): the manifest, and src/client/sw.ts with this
      // build's scripts, styles and shell precached. Registered by main.tsx (no inline script: the CSP).
      VitePWA({
        strategies: 'injectManifest',
        srcDir: '.',
        filename: 'sw.ts',
        injectRegister: false,
        manifestFilename: 'manifest.webmanifest',
        injectManifest: {
          globPatterns: ['**/*.{js,css,html}'],
          // The admin and provider screens are precached too: every chunk of one build, or none.
          maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        },
        manifest: {
          name: 'DiscoverLocal Limoux',
          short_name: 'DiscoverLocal',
          description: 'Markten, feesten, sport, uitzichten en uitjes in en rond Limoux.',
          lang: 'nl',
          start_url: '/',
          scope: '/',
          display: 'standalone',
          theme_color: '#b4532a',
          background_color: '#fdfaf5',
          icons: [
            { src: '/images/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
            { src: '/images/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
            { src: '/images/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          ],
        },
      }),
  ],
  build: isSsrBuild
    ? // `vite build --ssr entry-server.tsx`: the page renderer the server loads (docs/rendering.md).
      { outDir: '../../dist/ssr', emptyOutDir: true, target: 'node20', sourcemap: true }
    : {
        outDir: '../../dist/client',
        emptyOutDir: true,
        // Maps are written for debugging on the server, without a link in the scripts; never served.
        sourcemap: 'hidden',
        manifest: true,
        target: 'es2022',
        // Few requests for a page (docs/rendering.md#scripts): left alone, the bundler made a chunk of
        // every small module the shell shares with a screen (53 requests for `/`, each a round
        // trip on a slow phone network). The libraries every page runs are one chunk, and shared
        // chunks under 8 KB are copied into the chunks that use them.
        rolldownOptions: {
          // The page, and the script a rendered page loads first (docs/rendering.md#paint-first).
          input: {
            index: fileURLToPath(new URL('src/client/index.html', import.meta.url)),
            boot: fileURLToPath(new URL('src/client/boot.ts', import.meta.url)),
          },
          preserveEntrySignatures: false,
          output: {
            postBanner: COMPILE_HINT,
            codeSplitting: {
              experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
              groups: [
                {
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|wouter|regexparam|@tanstack|i18next|react-i18next|use-sync-external-store|html-parse-stringify|void-elements)[\\/]/,
                },
              ],
            },
          },
        },
      },
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/images': apiTarget },
  },
}));
