import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** Vendor code changes less often than ours: separate chunks stay cached across releases. */
const VENDOR_CHUNKS: Record<string, RegExp> = {
  react: /node_modules\/(react|react-dom|react-router|scheduler)\//,
  mantine: /node_modules\/(@mantine|@floating-ui|react-remove-scroll|react-number-format|react-transition-group)/,
  tanstack: /node_modules\/@tanstack\//,
  zod: /node_modules\/zod\//,
  icons: /node_modules\/@tabler\//,
};

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        manualChunks: (id) => Object.keys(VENDOR_CHUNKS).find((name) => VENDOR_CHUNKS[name]!.test(id)),
      },
      onwarn(warning, warn) {
        // zod ships comments Rollup cannot place; they are dropped harmlessly.
        if (warning.code === 'INVALID_ANNOTATION' && warning.id?.includes('node_modules/zod/')) return;
        warn(warning);
      },
    },
  },
  server: {
    // The API runs on its own port in development; in production the server serves this build.
    proxy: {
      '/api': 'http://localhost:3000',
      '/search': 'http://localhost:3000',
      '/autocomplete': 'http://localhost:3000',
    },
  },
});
