/**
 * The page's workers: `size` copies of the visualiser's worker. Together they serve the chunks of
 * a parallel run (the page passes them as `workers` to fairdeck/fairness); the first one also runs
 * the page's single-worker jobs (time vs N, WASM vs JS), one at a time. A stopped job's late
 * replies are ignored.
 */
import type { Reply, Request, Settings } from './protocol.js';

/** A request before the client gives it an id. */
export type JobRequest = Request extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

const spawn = () => new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });

/** Runs jobs in the visualiser's workers. */
export class Client {
  #workers: Worker[] = [];
  #next = 1;
  #current = 0;
  #handler: (reply: Reply) => void = () => {};
  #onFailure: (message: string) => void;
  /** What each new worker warms up on (warm()), and how many workers have not finished it. */
  #warming: Request | undefined;
  #cold = 0;
  #round = 0;  // the current warm-up's number: a reply from an older one counts for nothing
  #onWarm: (warm: boolean) => void;

  /**
   * Calls `onFailure` with a message if a worker itself fails (for example, cannot load), and
   * `onWarm` with true once every worker has warmed up (warm()), false when a cold one joins.
   */
  constructor(size: number, onFailure: (message: string) => void, onWarm: (warm: boolean) => void = () => {}) {
    this.#onFailure = onFailure;
    this.#onWarm = onWarm;
    this.resize(size);
  }

  /**
   * Has every worker, and every one resize() adds later, run settings `s` briefly (the worker's
   * 'warm' request): a run then starts with their hot code compiled.
   */
  warm(s: Pick<Settings, 'algorithms' | 'n' | 'rng'>): void {
    this.#warming = { type: 'warm', round: ++this.#round, algorithms: [...s.algorithms], n: s.n, rng: s.rng };
    this.#cold = this.#workers.length;
    this.#onWarm(false);
    for (const w of this.#workers) w.postMessage(this.#warming);
  }

  /** The workers, for `workers` in fairdeck/fairness. */
  get workers(): readonly Worker[] {
    return this.#workers;
  }

  /** Starts or ends workers so that there are `size` (the first one is kept). */
  resize(size: number): void {
    while (this.#workers.length > size) this.#workers.pop()!.terminate();
    while (this.#workers.length < size) {
      const w = spawn();
      w.addEventListener('error', (e) => this.#onFailure(e.message || 'a worker failed to start'));
      w.addEventListener('message', (e: MessageEvent<Reply>) => {
        if (e.data?.type === 'warm' && e.data.round === this.#round && this.#cold > 0 && --this.#cold === 0) this.#onWarm(true);
      });
      if (this.#warming) {
        if (this.#cold++ === 0) this.#onWarm(false);
        w.postMessage(this.#warming);
      }
      if (this.#workers.length === 0) {
        w.addEventListener('message', (e: MessageEvent<Reply>) => {
          const reply = e.data;
          if (reply && !('fairdeckChunk' in reply) && reply.type !== 'warm' && (reply.type === 'ready' || reply.id === this.#current)) this.#handler(reply);
        });
      }
      this.#workers.push(w);
    }
  }

  /** Starts `request` in the first worker; `onReply` gets its replies until 'done' or 'error'. */
  start(request: JobRequest, onReply: (reply: Reply) => void): void {
    this.#current = this.#next++;
    this.#handler = onReply;
    this.#workers[0].postMessage({ ...request, id: this.#current } as Request);
  }

  /** Stops the running job (the worker replies 'done' with stopped: true). */
  stop(): void {
    this.#workers[0].postMessage({ type: 'stop' } satisfies Request);
  }
}
