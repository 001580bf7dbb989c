import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './precompress';
import { languagesDefine } from './languages.ts';
import { textsSplit } from './texts-split.ts';

/**
 * index.html's description (search engines, link previews) from the Portuguese texts, the
 * catalogue's first language; the app puts it in the visitor's language (lib/i18n.ts), and a
 * record's page has its own, written by the server.
 */
function indexDescription(): Plugin {
  return {
    name: 'estante-index-description',
    transformIndexHtml(html) {
      const pt = JSON.parse(
        readFileSync(new URL('../../packages/i18n/src/locales/pt.json', import.meta.url), 'utf8'),
      ) as { app: { description: string } };
      const escaped = pt.app.description.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
      return html.replace('__APP_DESCRIPTION__', escaped);
    },
  };
}

/** The API the dev server forwards /api to (the Fastify server of apps/api). */
const API_TARGET = process.env.ESTANTE_API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [textsSplit(), indexDescription(), react(), precompress()],
  define: languagesDefine(),
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  preview: {
    host: '127.0.0.1',
    port: 4173,
    proxy: { '/api': { target: API_TARGET, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // dist/.vite/manifest.json: which chunks and styles each page needs (bench/first-load.ts reads it).
    manifest: true,
    // Mantine and React make one large vendor chunk; splitting it buys little for a catalogue.
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Issue 18: what the first page loads before it shows (the entry's static imports, the
          // `$initial` modules) is one chunk. Left to itself, Rolldown cut every module that a lazy
          // chunk shares with the entry into a file of its own (45 files of a few hundred bytes for
          // the home page). Only `$initial` modules are grouped: no lazy code joins the first load.
          groups: [{ name: 'first-load', tags: ['$initial'] }],
        },
      },
    },
  },
});
