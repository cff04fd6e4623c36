/**
 * The step log beside the table: the classic script's steps (script.ts) and the player's own
 * actions, as an <ol> inside a `role="log"` region (a live region: screen readers read each new
 * line). The role sits on the wrapper, not the list, so the list keeps its list semantics.
 */

/** The step log beside the table: script steps and the player's actions. */
export class StepLog {
  readonly #list: HTMLOListElement;
  /** The `role="log"` region around the list, which scrolls. */
  readonly #region: HTMLElement;
  constructor(list: HTMLOListElement) {
    this.#list = list;
    this.#region = list.closest<HTMLElement>('[role=log]') ?? list;
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
    this.#region.scrollTop = this.#region.scrollHeight;
    return (text) => (detail.textContent = `— ${text}`);
  }
  /** Empties the log. */
  clear(): void {
    this.#list.replaceChildren();
  }
}
