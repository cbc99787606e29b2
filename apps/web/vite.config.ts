import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

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
        // A language's texts load together (i18n/i18n.ts): one file per language, not one per area,
        // saves a request and its headers per area on the sign-in page.
        codeSplitting: {
          groups: [
            { name: 'locale-en', test: /[\\/]locales[\\/]en[\\/]/ },
            { name: 'locale-zh', test: /[\\/]locales[\\/]zh[\\/]/ },
          ],
        },
      },
      treeshake: {
        moduleSideEffects: (id: string) => (/node_modules\/(@rc-component|@ant-design)\//.test(id) ? false : undefined),
      },
    },
  },
});
