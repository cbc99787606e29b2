import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdZeroRuntime } from './build/antdZeroRuntime.ts';
import { precompress } from './build/precompress.ts';
import { iconChunk } from './build/iconChunk.ts';
import { sharedLibraryChunk } from './build/sharedLibraryChunk.ts';

// react-router 7's package exports name only its development build (remix-run/react-router#14102),
// whose checks and console warnings would ship to users; a build takes its production build.
const reactRouterProduction = join(dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

export default defineConfig(({ command }) => ({
  plugins: [react(), antdZeroRuntime(), precompress()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  server: {
    port: 5173,
    proxy: { '/dev-api': { target: 'http://localhost:8080', changeOrigin: true } },
  },
  build: {
    outDir: 'dist',
    // `ANALYSE=1 npm run build -w @orbit/web` adds source maps for looking into chunks.
    sourcemap: process.env.ANALYSE ? true : false,
    // dist/.vite/manifest.json: which chunks each route loads; bench/bundleSize.ts follows it.
    manifest: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // A language's texts load in two parts (i18n/i18n.ts): one file for what the sign-in page
        // shows (locales/<lang>/signIn/ and the shared sign-in messages), one for the rest; one
        // file per part rather than per area saves a request and its headers per area. The
        // sign-in groups come first (priority) so that the rest's files, which import the whole
        // shared table, do not pull the sign-in messages into theirs. Only the texts themselves,
        // not what they import: a locale file importing a shared table (`@orbit/shared/…`) pulled it
        // into the language's group, and every chunk that uses that table — the sign-in page's
        // too — then imported the whole of the language's texts.
        codeSplitting: {
          groups: [
            { name: 'locale-en-signin', test: /[\\/]locales[\\/]en[\\/]signIn[\\/]|[\\/]signInMessages[\\/]en\.ts$/, priority: 1, includeDependenciesRecursively: false },
            { name: 'locale-zh-signin', test: /[\\/]locales[\\/]zh[\\/]signIn[\\/]|[\\/]signInMessages[\\/]zh\.ts$/, priority: 1, includeDependenciesRecursively: false },
            { name: 'locale-en', test: /[\\/]locales[\\/]en[\\/]/, includeDependenciesRecursively: false },
            { name: 'locale-zh', test: /[\\/]locales[\\/]zh[\\/]/, includeDependenciesRecursively: false },
            // The icons in three files: the sign-in page's, what the signed-in shell and a list
            // draw, every other page's (build/iconChunk.ts). Only the icons themselves, not what
            // they import (the icon base that sign-in uses).
            { name: iconChunk(import.meta.dirname), includeDependenciesRecursively: false },
            // The libraries that 15 or more pages share (antd's internals and common components,
            // react-query…) in one file rather than ~110 small ones split by which pages share
            // them: each small file paid its own gzip start, its hashed import lists and, on the
            // wire, a request. The whole app's JS is ~50 KiB smaller and a list's first visit loads
            // ~60 fewer files; what fewer pages share stays apart, so a list page does not load the
            // date picker or the upload (measured: 10 shares → the list's JS +35 KiB, 20 → total
            // +2 KiB). Last, so that the groups above keep their modules; its dependencies stay
            // where they are, so that the sign-in page's (react, i18next) do not join it.
            { name: sharedLibraryChunk(import.meta.dirname, 'antd', 'list'), includeDependenciesRecursively: false },
            { name: sharedLibraryChunk(import.meta.dirname, 'antd', 'pages'), minShareCount: 15, includeDependenciesRecursively: false },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) => (/node_modules\/(@rc-component|@ant-design)\//.test(id) ? false : undefined),
      },
    },
  },
}));
