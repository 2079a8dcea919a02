import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { CORE_MODES, MODE_CONFIGS } from '../../packages/core/src/modes';
import { helpNames } from './src/features/assistant/offline/frontMatterPlugin';
import { planOffline, type BuildGraph, type OfflinePlan } from './src/shared/modes/offlinePlan';

/** Writes .br and .gz beside every text asset (and WebAssembly) so the server sends them precompressed (no CPU per request). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'yumi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      const walk = (dir: string) => {
        for (const name of readdirSync(dir)) {
          const file = join(dir, name);
          if (statSync(file).isDirectory()) walk(file);
          else if (/\.(js|css|html|svg|json|webmanifest|txt|wasm)$/.test(name) && statSync(file).size > 1024) {
            const data = readFileSync(file);
            writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
            writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
          }
        }
      };
      walk(outDir);
    },
  };
}

/**
 * Puts the entry stylesheet (theme and fonts, about 6 KB compressed) inside index.html: the first paint
 * then waits for the HTML alone instead of a second round trip for a render-blocking file.
 */
function inlineEntryCss(): Plugin {
  return {
    name: 'yumi-inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        return html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          return asset?.type === 'asset' ? `<style>${String(asset.source)}</style>` : tag;
        });
      },
    },
  };
}

/**
 * Computes the offline plan (shell and per-mode precache lists) from the bundle's module graph, and hands
 * the mode lists to the service worker build as the module `virtual:offline-plan`.
 */
function offlinePlan() {
  let plan: OfflinePlan | undefined;
  const need = () => {
    if (!plan) throw new Error('offline plan: the app bundle was not generated before the service worker');
    return plan;
  };
  const plugin: Plugin = {
    name: 'yumi-offline-plan',
    apply: 'build',
    generateBundle(_options, bundle) {
      const root = this.environment.config.root;
      const graph: BuildGraph = {};
      const sizes = new Map<string, number>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset') {
          sizes.set(item.fileName, typeof item.source === 'string' ? Buffer.byteLength(item.source) : item.source.byteLength);
          continue;
        }
        sizes.set(item.fileName, Buffer.byteLength(item.code));
        graph[item.fileName] = {
          file: item.fileName,
          src: item.facadeModuleId ? relative(root, item.facadeModuleId).split('\\').join('/') : undefined,
          isEntry: item.isEntry,
          imports: item.imports,
          dynamicImports: item.dynamicImports,
          css: [...(item.viteMetadata?.importedCss ?? [])],
          assets: [...(item.viteMetadata?.importedAssets ?? [])],
        };
      }
      const modes = Object.fromEntries(
        Object.values(MODE_CONFIGS).map((m) => [m.id, { assets: m.assets, core: CORE_MODES.includes(m.id) }]),
      );
      plan = planOffline(graph, (file) => sizes.get(file) ?? 0, modes);
    },
  };
  const virtualId = 'virtual:offline-plan';
  const swPlugin: Plugin = {
    name: 'yumi-offline-plan-sw',
    resolveId: (id) => (id === virtualId ? `\0${virtualId}` : undefined),
    load: (id) => (id === `\0${virtualId}` ? `export const MODE_PLANS = ${JSON.stringify(need().modes)};` : undefined),
  };
  /** Public files the shell needs beside the bundle (translations are cached per language at run time). */
  const isPublicShellFile = (url: string) => /^(index\.html|favicon\.svg|yumi-mascot\.svg|manifest\.webmanifest|icons\/.+)$/.test(url);
  return {
    plugin,
    swPlugin,
    /** Keeps, of the files workbox-build found (with their revisions), exactly the shell of the plan. */
    shellOnly: async <T extends { url: string }>(entries: T[]) => {
      const shell = new Set(need().shell);
      const manifest = entries.filter((e) => shell.has(`/${e.url}`) || isPublicShellFile(e.url));
      const found = new Set(manifest.map((e) => `/${e.url}`));
      const missing = [...shell].filter((u) => !found.has(u));
      if (missing.length) throw new Error(`offline plan: not in the build output: ${missing.join(', ')}`);
      return { manifest, warnings: [] };
    },
  };
}

const offline = offlinePlan();

export default defineConfig({
  plugins: [
    react(),
    helpNames(),
    offline.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        globPatterns: ['**/*.{js,mjs,css,html,svg,png,webp,jpg,webmanifest,woff2,json,wasm}'],
        maximumFileSizeToCacheInBytes: 20 * 1024 * 1024,
        manifestTransforms: [offline.shellOnly],
        buildPlugins: { vite: [offline.swPlugin] },
      },
    }),
    precompress(),
    inlineEntryCss(),
  ],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', ws: true }, '/installers': 'http://localhost:3000' },
  },
  build: {
    // bench/web.bench.ts weighs the launcher's chunks from it.
    manifest: 'build-manifest.json',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
