// Three pages (Vite's multi-page setup): the README example, the same in a module worker, and the
// React recipe under StrictMode (tests/reach/shared/react.js).
import { defineConfig } from 'vite';

export default defineConfig({
  build: { rollupOptions: { input: { main: 'index.html', worker: 'worker.html', react: 'react.html' } } },
  worker: { format: 'es' },
});
