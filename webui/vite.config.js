import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The client build goes to dist/, the prerenderer's server build to build/ssr/. The dev server
// proxies the API to the gateway, like nginx does in the stack.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  define: { 'import.meta.env.VITE_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) },
  server: {
    proxy: { '/api': process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080' },
  },
  build: isSsrBuild
    ? { outDir: 'build/ssr', emptyOutDir: true, sourcemap: false }
    : {
        outDir: 'dist',
        assetsDir: 'assets',
        sourcemap: !!process.env.SOURCEMAP, // SOURCEMAP=1 npm run build: for profiling (bench/lighthouse/README.md)
        target: 'es2022',
        manifest: true,
        // The entry preloads the app's modules itself, a few per task (entry-client.js, listed by
        // the prerenderer), instead of Vite's helper adding all their <link>s in one task.
        modulePreload: { polyfill: false, resolveDependencies: (file, deps, { hostType }) => (hostType === 'js' && /(^|\/)start-[^/]*\.js$/.test(file) ? [] : deps) },
      },
  test: {
    include: ['src/**/*.test.{js,jsx}'],
    environment: 'node',
    // Tests render either language at any time, as the prerenderer does: both shared texts are loaded.
    setupFiles: ['src/locales/common.js'],
  },
}));
