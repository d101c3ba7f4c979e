import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8080';

export default defineConfig({
  // Relative base: the built console is served from any path and also opened inside an engine host iframe.
  base: './',
  plugins: [react()],
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
