import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside every text asset so the server sends them precompressed (no CPU per request). */
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
          else if (/\.(js|css|html|svg|json|webmanifest|txt)$/.test(name) && statSync(file).size > 1024) {
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

export default defineConfig({
  plugins: [react(), precompress(), inlineEntryCss()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/installers': 'http://localhost:3000' },
  },
  build: {
    // The mode manager reads the manifest to find each mode's chunks for offline install; outside .vite/
    // because the server does not serve dot-folders.
    manifest: 'build-manifest.json',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
