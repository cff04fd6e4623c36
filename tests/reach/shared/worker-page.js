// Starts the module worker (the URL pattern every bundler understands) and shows its hand.
const worker = new Worker(new URL('./worker.js', import.meta.url), { type: 'module' });
worker.onmessage = ({ data }) => {
  const out = document.body.appendChild(document.createElement('output'));
  out.id = 'hand';
  out.textContent = data.error ? `error: ${data.error}` : data.ids;
  out.dataset.ids = data.error ? 'error' : data.ids;
};
worker.onerror = (event) => console.error('worker failed:', event.message);
