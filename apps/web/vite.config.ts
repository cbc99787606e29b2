import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

export default defineConfig({
  plugins: [react()],
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
      treeshake: {
        moduleSideEffects: (id: string) => (/node_modules\/(@rc-component|@ant-design)\//.test(id) ? false : undefined),
      },
    },
  },
});
