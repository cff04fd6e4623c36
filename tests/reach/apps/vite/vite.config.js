// Two pages (Vite's multi-page setup): the README example, and the same in a module worker.
import { defineConfig } from 'vite';

export default defineConfig({
  build: { rollupOptions: { input: { main: 'index.html', worker: 'worker.html' } } },
  worker: { format: 'es' },
});
