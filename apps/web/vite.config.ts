import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

/** An icon of @ant-design/icons (its component or its SVG definition). */
const ICON = /@ant-design[\\/]icons(-svg)?[\\/]es[\\/](icons|asn)[\\/]/;
/** antd's shared modules, not its components: what any page drawing antd loads anyway. */
const ANTD_BASE =
  /node_modules[\\/](antd[\\/]es[\\/](_util|config-provider|theme|style|locale|version)[\\/]|@ant-design[\\/](cssinjs|cssinjs-utils|colors|fast-color)[\\/]|@rc-component[\\/](util|motion|trigger|portal|resize-observer|context)[\\/]|@emotion[\\/]|stylis[\\/])/;
/** The icons the sign-in page and its flows draw (views/login). */
const SIGN_IN_ICON = /[\\/](Eye|EyeInvisible|Mail|User|Safety|Lock|CheckCircleFilled|ArrowLeft)(Outlined|Filled)?\.js$/;

export default defineConfig({
  plugins: [react(), precompress()],
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
        // shared table, do not pull the sign-in messages into theirs.
        codeSplitting: {
          groups: [
            { name: 'locale-en-signin', test: /[\\/]locales[\\/]en[\\/]signIn[\\/]|[\\/]signInMessages[\\/]en\.ts$/, priority: 1 },
            { name: 'locale-zh-signin', test: /[\\/]locales[\\/]zh[\\/]signIn[\\/]|[\\/]signInMessages[\\/]zh\.ts$/, priority: 1 },
            { name: 'locale-en', test: /[\\/]locales[\\/]en[\\/]/ },
            { name: 'locale-zh', test: /[\\/]locales[\\/]zh[\\/]/ },
            // The signed-in pages' icons in one file, not one tiny file each (~25 of them): the
            // whole app's JS is ~19 KiB smaller (each file's gzip restarts and its imports repeat
            // hashed names). The sign-in page's own icons stay out, so that it does not load the
            // others (bench/wireSize.ts fails if one is forgotten here: /login grows by ~30 KiB).
            // Only the icons themselves, not what they import (the icon base that sign-in uses).
            // antd's infrastructure (theme, CSS-in-JS, config, motion, popups, shared hooks), which
            // every signed-in page uses, as one file: split by the set of pages that reach each
            // module it became dozens of small chunks, each with its own ~0.5 KiB of response
            // headers and its own gzip window, and their borders moved whenever a page (the template
            // demo) used one more component (issue 15, 17). The sign-in page draws no antd.
            { name: 'antd-base', test: ANTD_BASE, includeDependenciesRecursively: false },
            {
              name: 'icons',
              test: (id: string) => ICON.test(id) && !SIGN_IN_ICON.test(id),
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) => (/node_modules\/(@rc-component|@ant-design)\//.test(id) ? false : undefined),
      },
    },
  },
});
