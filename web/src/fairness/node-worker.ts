/**
 * The worker_threads entry that `countPermutations({ workers: N })` and
 * `positionMatrix({ workers: N })` start in Node: it only serves chunks (chunk-server.ts).
 */
import { parentPort } from 'node:worker_threads';
import { serveChunks } from './chunk-server.js';

if (parentPort) serveChunks(parentPort as never);
