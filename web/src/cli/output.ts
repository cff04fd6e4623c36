/**
 * Standard output for the command-line tools (issue 59, class 4): every write is awaited to its
 * callback, so a write error reaches the command that made it instead of an unhandled 'error'
 * event, and output waits for the reader (backpressure) without buffering without bound.
 *  - A reader that closes the pipe (`fairdeck shuffle < f | head`) is EPIPE: `OutputClosed`,
 *    which the tools treat as done — they end quietly with status 0, as `shuf` and `seq` end
 *    quietly (they are killed by SIGPIPE, which Node ignores).
 *  - Any other write error (ENOSPC on a full disk, EIO, EBADF) is `OutputError`: a message
 *    naming the error, and exit status 3 (`WRITE_FAILED`), which no tool uses for anything else.
 */

/** The exit status of a tool whose output could not be written (the disk is full, say). */
export const WRITE_FAILED = 3;

/** The reader closed the pipe: the tool stops writing and ends quietly. */
export class OutputClosed extends Error {}

/** Writing failed for another reason; the message says which. */
export class OutputError extends Error {}

/** Awaitable writes to `stream` (process.stdout, or a test's stream). */
export class Output {
  readonly #stream: NodeJS.WritableStream;
  #error: NodeJS.ErrnoException | undefined;

  constructor(stream: NodeJS.WritableStream) {
    this.#stream = stream;
    // An error can also arrive as an event only (after the last callback): keep it, never crash on it.
    stream.on('error', (e: NodeJS.ErrnoException) => void (this.#error ??= e));
  }

  /** Writes `chunk` and resolves once it is written; rejects with OutputClosed or OutputError. */
  write(chunk: string | Uint8Array): Promise<void> {
    if (this.#error) return Promise.reject(Output.#wrap(this.#error));
    return new Promise<void>((resolve, reject) => {
      this.#stream.write(chunk, (e?: Error | null) => {
        const error = (e ?? this.#error) as NodeJS.ErrnoException | undefined;
        if (error) {
          this.#error ??= error;
          reject(Output.#wrap(error));
        } else resolve();
      });
    });
  }

  static #wrap(e: NodeJS.ErrnoException): Error {
    if (e.code === 'EPIPE' || e.code === 'ERR_STREAM_DESTROYED') return new OutputClosed('the reader closed the pipe', { cause: e });
    const what = e.code === 'ENOSPC' ? 'no space left on the device' : e.message;
    return new OutputError(`cannot write to standard output: ${what}${e.code === 'ENOSPC' ? ' (ENOSPC)' : ''}`, { cause: e });
  }
}
