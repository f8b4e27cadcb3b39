import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true },
  server: {
    // The API runs on its own port in development; in production the server serves this build.
    proxy: { '/api': 'http://localhost:3000' },
  },
});
