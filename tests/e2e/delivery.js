// The README example with the built package (dist/), on the main thread or (?worker) in a module
// worker; ?wasm=… passes that string to init({ wasm }). Sets window.result to { ids } or { error }.
const params = new URLSearchParams(location.search);
const wasm = params.get('wasm') ?? undefined;

if (params.has('worker')) {
  const worker = new Worker(new URL('./delivery-worker.js', import.meta.url), { type: 'module' });
  worker.onmessage = ({ data }) => (window.result = data);
  worker.onerror = (event) => (window.result = { error: `worker failed: ${event.message}` });
  worker.postMessage({ wasm });
} else {
  const { deal } = await import('./delivery-deal.js');
  window.result = await deal(wasm);
}
