// Four pages (Vite's multi-page setup): the README example, the same in a module worker, the
// React recipe under StrictMode (tests/reach/shared/react.js), and one app taking two entries
// with fairdeck's initSync (tests/reach/shared/mixed.js).
import { defineConfig } from 'vite';

export default defineConfig({
  build: { rollupOptions: { input: { main: 'index.html', worker: 'worker.html', react: 'react.html', mixed: 'mixed.html' } } },
  worker: { format: 'es' },
});
