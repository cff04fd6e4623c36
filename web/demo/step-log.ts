/**
 * The step log beside the table (an `role="log"` list): the classic script's steps (script.ts) and
 * the player's own actions.
 */

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
