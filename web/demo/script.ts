/**
 * The classic demo script: open a deck, shuffle, deal all, shuffle, deal part, shuffle twice,
 * deal all, discard — each step played on the table (with its motion) and written to the step log
 * (step-log.ts).
 */

/** What the script needs from the page. Each action returns a one-line account of what happened. */
export interface ScriptHost {
  open(): string;
  shuffle(times: number): string;
  dealAll(): string;
  dealPart(): string;
  discard(): string;
  /** Adds a log line for step `n`; the returned function fills in its outcome. */
  log(n: number, title: string): (detail: string) => void;
  /** Waits for the table's motion to finish, then a short beat (none under reduced motion). */
  settle(): Promise<void>;
  /** True once the player asked to stop. */
  readonly stopped: boolean;
}

/** The steps, in order. */
export const CLASSIC: readonly { readonly title: string; readonly run: (h: ScriptHost) => string }[] = [
  { title: 'Open a new deck', run: (h) => h.open() },
  { title: 'Shuffle', run: (h) => h.shuffle(1) },
  { title: 'Deal all', run: (h) => h.dealAll() },
  { title: 'Shuffle', run: (h) => h.shuffle(1) },
  { title: 'Deal part', run: (h) => h.dealPart() },
  { title: 'Shuffle twice', run: (h) => h.shuffle(2) },
  { title: 'Deal all', run: (h) => h.dealAll() },
  { title: 'Discard', run: (h) => h.discard() },
];

/** Plays the script; resolves true if it ran to the end, false if stopped. */
export async function playClassic(h: ScriptHost): Promise<boolean> {
  for (const [i, step] of CLASSIC.entries()) {
    if (h.stopped) return false;
    const done = h.log(i + 1, step.title);
    done(step.run(h));
    await h.settle();
  }
  return !h.stopped;
}
