/**
 * The page's side of the worker: starts one job at a time, routes the worker's replies to it,
 * and stops it. A stopped job's late replies are ignored.
 */
import type { Reply, Request } from './protocol.js';

/** A request before the client gives it an id. */
export type JobRequest = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Runs jobs in the visualiser's worker. */
export class Client {
  #worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
  #next = 1;
  #current = 0;
  #handler: (reply: Reply) => void = () => {};

  /** Calls `onFailure` with a message if the worker itself fails (for example, cannot load). */
  constructor(onFailure: (message: string) => void) {
    this.#worker.onmessage = (e: MessageEvent<Reply>) => {
      const reply = e.data;
      if (reply.type === 'ready' || reply.id === this.#current) this.#handler(reply);
    };
    this.#worker.onerror = (e) => onFailure(e.message || 'the worker failed to start');
  }

  /** Starts `request`; `onReply` gets its replies until 'done' or 'error'. */
  start(request: JobRequest, onReply: (reply: Reply) => void): void {
    this.#current = this.#next++;
    this.#handler = onReply;
    this.#worker.postMessage({ ...request, id: this.#current } as Request);
  }

  /** Stops the running job (the worker replies 'done' with stopped: true). */
  stop(): void {
    this.#worker.postMessage({ type: 'stop' } satisfies Request);
  }
}
