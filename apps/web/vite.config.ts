import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const backend = 'http://localhost:8080';

export default defineConfig({
  // Relative base: the built console is served from any path and also opened inside an engine host iframe.
  base: './',
  plugins: [react()],
  resolve: {
    // Every `zod` import (the contract's schemas too) goes through a module that turns zod's compiled parsers
    // off first; see src/app/zodNoEval.ts. Being the module that hands out `z` makes it run before any schema.
    alias: [{ find: /^zod$/, replacement: fileURLToPath(new URL('./src/app/zodNoEval.ts', import.meta.url)) }],
  },
  server: {
    proxy: {
      '/api': backend,
      '/config.json': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      // The shared-blocks demo page (charts-demo.html) is served by `vite` dev as is; it joins the build only with
      // GRIDOPS_DEMO=1, because a second entry reshapes the shared chunks the console's index.html loads.
      ...(process.env.GRIDOPS_DEMO === '1'
        ? { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), chartsDemo: fileURLToPath(new URL('./charts-demo.html', import.meta.url)) } }
        : {}),
      output: {
        codeSplitting: {
          groups: [
            // React must win over every other group, or it lands inside a lazily loaded vendor chunk.
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 40 },
            { name: 'echarts', test: /node_modules[\\/](echarts|zrender|echarts-for-react)[\\/]/, priority: 30 },
          ],
        },
      },
    },
  },
});
