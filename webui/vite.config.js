import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The dev server proxies the API to the gateway, like nginx does in the stack.
export default defineConfig({
  plugins: [react()],
  server: {
    proxy: { '/api': process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080' },
  },
  build: { outDir: 'dist', assetsDir: 'assets', sourcemap: false },
});
