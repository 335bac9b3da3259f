// Vite 8 build for the Wyrd PWA: React, a generated service worker, and chunk groups that keep
// vendor code the landing page doesn't need (amplify, echarts, dexie) out of its initial JS.
import { gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

const nodeModule = (names: string) => new RegExp(`[\\\\/]node_modules[\\\\/](${names})[\\\\/]`);

/** Issue 2 item 10: the landing route's initial JS stays <= 200 kB gzip and holds no chart code. */
const LANDING_JS_BUDGET_KB = 200;

/**
 * Prints the landing route's initial JS (the entry chunk plus everything it imports statically, i.e. what
 * index.html loads before any lazy route) and fails the build when it breaks the budget or holds echarts.
 * Also writes dist/landing-js.json for scripts that report it.
 */
function landingBudget(): Plugin {
  return {
    name: 'wyrd-landing-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
      if (!entry || entry.type !== 'chunk') return;
      const seen = new Set<string>();
      const walk = (fileName: string) => {
        if (seen.has(fileName)) return;
        seen.add(fileName);
        const chunk = bundle[fileName];
        if (chunk?.type === 'chunk') chunk.imports.forEach(walk);
      };
      walk(entry.fileName);
      let gzipBytes = 0;
      let chartCode = false;
      for (const fileName of seen) {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk') continue;
        gzipBytes += gzipSync(chunk.code, { level: 9 }).length;
        chartCode ||= chunk.moduleIds.some((id) =>
          /[\\/]node_modules[\\/](echarts|zrender|echarts-for-react)[\\/]/.test(id),
        );
      }
      const kb = Math.round((gzipBytes / 1024) * 100) / 100;
      const files = [...seen].sort();
      console.log(
        `\nlanding route initial JS: ${kb} kB gzip in ${files.length} files (budget ${LANDING_JS_BUDGET_KB} kB, chart code: ${chartCode ? 'yes' : 'no'})`,
      );
      this.emitFile({
        type: 'asset',
        fileName: 'landing-js.json',
        source: JSON.stringify({ gzipKb: kb, budgetKb: LANDING_JS_BUDGET_KB, chartCode, files }, null, 2),
      });
      if (kb > LANDING_JS_BUDGET_KB) this.error(`landing initial JS ${kb} kB gzip exceeds ${LANDING_JS_BUDGET_KB} kB`);
      if (chartCode)
        this.error('the landing route loads chart code (echarts); load charts only on the routes that draw them');
    },
  };
}

/**
 * Fails the build when a chunk holds zod's messages in other languages: they arrive only with zod's whole namespace,
 * which a dynamic `import('zod')` (or any use of the namespace as a value) keeps in the bundle, tripling zod's share
 * of it (docs/app.md "First paint when signed in"). The app's messages are its own, and zod's English ones suffice.
 */
function noWholeZod(): Plugin {
  return {
    name: 'wyrd-no-whole-zod',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const locale = chunk.moduleIds.find((id) => /[\\/]zod[\\/]v4[\\/]locales[\\/](?!en\.js$)[^\\/]+$/.test(id));
        if (locale)
          this.error(
            `${chunk.fileName} holds zod's whole namespace (${locale.replace(/.*node_modules[\\/]/, '')}): import named exports of zod, never 'zod' itself dynamically`,
          );
      }
    },
  };
}

/** The public routes whose chunks index.html fetches at once when the page opens at that path (routePreload). */
const PRELOADED_ROUTES: Record<string, string[]> = {
  '/login': ['src/routes/public-guard.tsx', 'src/features/auth/LoginPage.tsx'],
  '/signup': ['src/routes/public-guard.tsx', 'src/features/auth/SignupPage.tsx'],
  '/forgot-password': ['src/routes/public-guard.tsx', 'src/features/auth/ForgotPasswordPage.tsx'],
};

/**
 * A page opened at /login (or /signup, /forgot-password) otherwise finds its chunks one level at a time: the entry,
 * then the lazy route's chunk once the router runs, then what that chunk imports, then what those import (no
 * modulepreload links: see build.modulePreload). On a slow mobile network each level is a round trip before the
 * form can paint. This writes a small inline script into index.html that, for those paths only, asks for every
 * chunk the route needs (beyond the entry's own) alongside the entry. Other paths fetch nothing extra.
 */
function routePreload(): Plugin {
  let base = '/';
  return {
    name: 'wyrd-route-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((item) => item.type === 'chunk');
        const closure = (fileNames: string[], into: Set<string>) => {
          for (const fileName of fileNames) {
            if (into.has(fileName)) continue;
            into.add(fileName);
            const chunk = bundle[fileName];
            if (chunk?.type === 'chunk') closure(chunk.imports, into);
          }
          return into;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        const loadedByEntry = closure(entry ? [entry.fileName] : [], new Set());
        const routes: Record<string, string[]> = {};
        for (const [path, modules] of Object.entries(PRELOADED_ROUTES)) {
          const roots = modules.map((module) => {
            const chunk = chunks.find((item) => item.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
            if (!chunk) throw new Error(`wyrd-route-preload: no chunk for ${module}`);
            return chunk.fileName;
          });
          routes[path] = [...closure(roots, new Set())]
            .filter((fileName) => !loadedByEntry.has(fileName))
            .sort()
            .map((fileName) => base + fileName);
        }
        const script =
          `(function(){var r=${JSON.stringify(routes)}[location.pathname.replace(/\\/+$/,'')];if(r)` +
          `for(var i=0;i<r.length;i++){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';` +
          `l.href=r[i];document.head.appendChild(l)}})()`;
        // At the end of head, after the entry's script tag: the charset must stay in the page's first 1024 bytes.
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}

/**
 * papaparse (CommonJS) has no side effects on import; saying so lets the chunks and workers that reach the engine's
 * index without reading a CSV leave it out (only the statement worker parses CSV). The engine has none either (no
 * I/O, nothing registered at import: docs/architecture.md): a chunk that imports one helper from its index then
 * holds the modules that helper needs, not every module the index re-exports (the statement parsers, chrono-node
 * and fast-xml-parser stay in the statement worker; the signed-in pages' shared engine chunk fell from 442 to
 * 237 kB, and went away once nothing import()ed the index: docs/app.md).
 */
const PURE_PAPAPARSE = {
  moduleSideEffects: [
    { test: /[\\/]node_modules[\\/]papaparse[\\/]/, sideEffects: false },
    { test: /[\\/]worker[\\/]engine[\\/]/, sideEffects: false },
  ],
};

export default defineConfig({
  worker: { rolldownOptions: { treeshake: PURE_PAPAPARSE } },
  plugins: [
    react(),
    landingBudget(),
    noWholeZod(),
    routePreload(),
    VitePWA({
      // Our own service worker source (src/sw/sw.ts: precache, offline navigation, Background Sync of the
      // outbox with the sync engine's push code); the plugin builds it and injects the precache manifest.
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      // A new version waits for the user's 'Update now' (src/lib/pwa/register-sw.ts), never reloads under them.
      registerType: 'prompt',
      // src/lib/pwa/register-sw.ts registers through workbox-window, so the plugin injects nothing.
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/apple-touch-icon.png'],
      manifest: {
        name: 'Wyrd',
        short_name: 'Wyrd',
        description: 'Offline-first financial planning and forecasting for Australians.',
        lang: 'en-AU',
        start_url: '/dashboard',
        scope: '/',
        display: 'standalone',
        background_color: '#0b1020',
        theme_color: '#0b1020',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg}'],
        // One classic script: the worker is registered without `type: 'module'`.
        rollupFormat: 'iife',
      },
    }),
  ],
  build: {
    target: 'es2022',
    // No modulepreload links: opening a lazy route made Vite's preload helper append a <link> for each of the
    // route's dependencies before importing it, and those appends were the largest part of the signed-in first
    // render (profiled with Lighthouse's 4x CPU slowdown: 159 ms of appendChild in one 645 ms task on /dashboard).
    // The chunks come from the service worker's cache, so the import graph's own requests cost next to nothing.
    // Lighthouse mobile, runs of two rounds of 3 each: /dashboard 77-80 -> 81-90 (TBT 821-1080 -> 411-800 ms),
    // /scenarios/compare 69-70 -> 77-87 (TBT 1839-1874 -> 497-986 ms); / and /login unchanged. A route's CSS is
    // still loaded by the helper.
    modulePreload: false,
    // Vite warns above 500 kB per chunk. The one chunk over it is echarts (about 535 kB, 180 kB gzip): only the
    // charts and components the app registers from echarts/core, loaded together and only on the routes that
    // draw charts, so splitting it would add requests without loading less. The budget that matters for first
    // load is landingBudget() above; 600 kB keeps the warning for any other chunk that grows past echarts' size.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      treeshake: PURE_PAPAPARSE,
      output: {
        codeSplitting: {
          groups: [
            // React must outrank the other groups or it is pulled into whichever vendor chunk imports it first.
            { name: 'react', test: nodeModule('react|react-dom|scheduler'), priority: 30 },
            {
              name: 'router',
              test: nodeModule('@tanstack[\\\\/](?:react-router|router-core|history|react-store|store)'),
              priority: 20,
            },
            {
              name: 'amplify',
              test: nodeModule('aws-amplify|@aws-amplify|@aws-crypto|@aws-sdk|@smithy|tslib|js-cookie'),
              priority: 10,
            },
            { name: 'echarts', test: nodeModule('echarts|zrender|echarts-for-react'), priority: 10 },
            { name: 'dexie', test: nodeModule('dexie|dexie-react-hooks'), priority: 10 },
          ],
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173 },
  preview: { host: '127.0.0.1', port: 4173 },
});
