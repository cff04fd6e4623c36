// A worker_threads worker deals; the main thread prints what it posts.
import { Worker, isMainThread, parentPort } from 'node:worker_threads';

if (isMainThread) {
  const worker = new Worker(new URL(import.meta.url));
  worker.once('message', (ids) => console.log(JSON.stringify(ids)));
  worker.once('error', (error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  const { init, Deck } = await import('fairdeck');
  await init();
  const deck = new Deck({ seed: 1 });
  parentPort.postMessage(deck.deal(5).map((card) => card.id));
  deck.dispose();
}
