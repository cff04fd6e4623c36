/**
 * The classic demo script: open a deck, shuffle, deal all, shuffle, deal part, shuffle twice,
 * deal all, discard — each step played on the table (with its motion) and written to the step log,
 * which also records the player's own actions.
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

/** The step log beside the table (an `role="log"` list): script steps and the player's actions. */
export class StepLog {
  readonly #list: HTMLOListElement;
  constructor(list: HTMLOListElement) {
    this.#list = list;
  }
  /** Adds a line (numbered if `step` is given); returns a function that writes its outcome. */
  add(title: string, step?: number): (detail: string) => void {
    const li = document.createElement('li');
    if (step) li.dataset.step = String(step);
    const head = document.createElement('strong');
    head.textContent = step ? `${step}. ${title}` : title;
    const detail = document.createElement('span');
    li.append(head, ' ', detail);
    this.#list.append(li);
    while (this.#list.children.length > 80) this.#list.firstElementChild!.remove();
    this.#list.scrollTop = this.#list.scrollHeight;
    return (text) => (detail.textContent = `— ${text}`);
  }
  /** Empties the log. */
  clear(): void {
    this.#list.replaceChildren();
  }
}
