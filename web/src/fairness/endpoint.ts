/**
 * One message interface over the things a parallel experiment talks through: a browser Worker
 * or its global scope, a MessagePort (browser or Node), a Node `worker_threads` Worker or its
 * `parentPort`. Messages between a coordinator and a chunk server carry the tag `fairdeckChunk`,
 * so a worker can serve chunks and still handle messages of its own (the visualiser's does).
 */
import { show } from '../errors.js';
import type { Measure } from './counter.js';
import type { AlgorithmName } from './algorithms.js';
import type { RngName, SeedBytes } from '../options.js';

/** Anything with postMessage and either addEventListener (browsers, MessagePort) or on (Node Worker). */
export interface WorkerLike {
  /** Sends a message (a Worker's, a MessagePort's or Node's Worker's postMessage). */
  postMessage(message: unknown, transfer?: Transferable[]): void;
  // Listener types stay loose so that Worker, MessagePort and Node's Worker all fit.
  /** A browser Worker's or MessagePort's listener registration. */
  addEventListener?(type: string, listener: (event: any) => void): void;
  /** Removes a listener added with addEventListener. */
  removeEventListener?(type: string, listener: (event: any) => void): void;
  /** Node's Worker listener registration. */
  on?(type: string, listener: (value: any) => void): unknown;
  /** Removes a listener added with on. */
  off?(type: string, listener: (value: any) => void): unknown;
  /** A MessagePort's start(), called if present. */
  start?(): void;
}

/** A connected, message-level view of a WorkerLike. */
export interface Endpoint {
  post(message: ChunkMessage, transfer?: Transferable[]): void;
  /** Listens for chunk messages and failures; returns the function that stops listening. */
  listen(onMessage: (message: ChunkMessage) => void, onError: (error: Error) => void): () => void;
}

/** What a chunk server is asked to run. */
export interface ChunkJob {
  algorithm: AlgorithmName;
  n: number;
  rounds: number;
  rng: RngName;
  measure: Measure;
  /** The run's master seed (never raw entropy). */
  master: SeedBytes;
  trials: number;
  chunkTrials: number;
  /** Trials per WASM call inside a chunk. */
  call: number;
}

/** Coordinator ↔ chunk server messages (every one names its job). */
export type ChunkMessage = { fairdeckChunk: number } & (
  | { type: 'open'; job: ChunkJob }
  | { type: 'chunk'; index: number }
  | { type: 'close' }
  | { type: 'stop' }
  | { type: 'progress'; done: number }
  | { type: 'chunk-done'; index: number; done: number }
  | { type: 'counts'; counts: Float64Array; done: number }
  | { type: 'error'; name: string; message: string }
);

const isChunkMessage = (data: unknown): data is ChunkMessage =>
  typeof data === 'object' && data !== null && typeof (data as { fairdeckChunk?: unknown }).fairdeckChunk === 'number';

/** The Endpoint of `w`; throws TypeError (naming `name`) if it cannot send and receive messages. */
export function endpoint(w: WorkerLike, name = 'worker'): Endpoint {
  if (typeof w !== 'object' || w === null || typeof w.postMessage !== 'function') {
    throw new TypeError(`${name} must be a Worker, MessagePort or worker_threads Worker, got ${show(w)}`);
  }
  const events = typeof w.addEventListener === 'function';
  if (!events && typeof w.on !== 'function') throw new TypeError(`${name} has neither addEventListener nor on: ${show(w)}`);
  return {
    post: (message, transfer = []) => w.postMessage(message, transfer),
    listen(onMessage, onError) {
      const message = (e: unknown) => {
        const data = events ? (e as MessageEvent).data : e;
        if (isChunkMessage(data)) onMessage(data);
      };
      const error = (e: unknown) => onError(e instanceof Error ? e : new Error((e as ErrorEvent)?.message || 'the worker failed'));
      if (events) {
        w.addEventListener!('message', message);
        w.addEventListener!('error', error);
        w.start?.();
        return () => {
          w.removeEventListener?.('message', message);
          w.removeEventListener?.('error', error);
        };
      }
      w.on!('message', message);
      w.on!('error', error);
      return () => {
        w.off?.('message', message);
        w.off?.('error', error);
      };
    },
  };
}
