import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/installers': 'http://localhost:3000' },
  },
  build: {
    // The mode manager reads the manifest to find each mode's chunks for offline install; outside .vite/
    // because the server does not serve dot-folders.
    manifest: 'build-manifest.json',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
  },
});
