/**
 * Keyboard shortcuts for the main actions: one letter each, no modifier, ignored while typing in
 * a field. Buttons carry the same keys in `aria-keyshortcuts`; the page lists them from `SHORTCUTS`
 * (the free table) or `GAME_SHORTCUTS` (a game: the same letters, the game's own actions).
 */

/** The page's actions that have a key. */
export type Action =
  | 'shuffle' | 'dealOne' | 'dealHand' | 'dealAll' | 'returnSelected' | 'newDeck' | 'script' | 'clearSelection'
  | 'gameNext' | 'gameNew' | 'hit' | 'stand';

/** One shortcut: the key as `KeyboardEvent.key` reports it (letters in upper case), and what it does. */
export interface Shortcut {
  readonly key: string;
  readonly action: Action;
  readonly label: string;
}

/** Every shortcut of the free table, in the order the page lists them. */
export const SHORTCUTS: readonly Shortcut[] = [
  { key: 'D', action: 'dealOne', label: 'Deal one' },
  { key: 'H', action: 'dealHand', label: 'Deal a hand (5)' },
  { key: 'A', action: 'dealAll', label: 'Deal all' },
  { key: 'S', action: 'shuffle', label: 'Shuffle' },
  { key: 'R', action: 'returnSelected', label: 'Return selected' },
  { key: 'N', action: 'newDeck', label: 'New deck (same options)' },
  { key: 'P', action: 'script', label: 'Play or stop the classic demo' },
  { key: 'Escape', action: 'clearSelection', label: 'Clear the selection' },
];

/** The shortcuts of each game. */
export const GAME_SHORTCUTS: Readonly<Record<'holdem' | 'blackjack', readonly Shortcut[]>> = {
  holdem: [
    { key: 'D', action: 'gameNext', label: 'Deal the next step: hole cards, flop, turn, river' },
    { key: 'N', action: 'gameNew', label: 'New hand (gather and shuffle)' },
  ],
  blackjack: [
    { key: 'D', action: 'gameNew', label: 'Deal a round (reshuffles once the cut card is out)' },
    { key: 'H', action: 'hit', label: 'Hit' },
    { key: 'S', action: 'stand', label: 'Stand' },
    { key: 'N', action: 'gameNew', label: 'Deal a round' },
  ],
};

function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit'].includes(target.type);
}

/**
 * Calls `run(action)` for shortcut keys pressed anywhere on the page outside text fields;
 * `current()` gives the shortcuts in force (default: the free table's).
 */
export function bindShortcuts(run: (action: Action) => void, current: () => readonly Shortcut[] = () => SHORTCUTS): void {
  window.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat || typing(e.target)) return;
    const key = e.key.length === 1 ? e.key.toUpperCase() : e.key;
    const hit = current().find((s) => s.key === key);
    if (!hit) return;
    e.preventDefault();
    run(hit.action);
  });
}

/** Fills a <dl> with the shortcuts (key, then what it does). */
export function listShortcuts(dl: HTMLElement, shortcuts: readonly Shortcut[] = SHORTCUTS): void {
  dl.replaceChildren(
    ...shortcuts.flatMap((s) => {
      const dt = document.createElement('dt');
      const kbd = document.createElement('kbd');
      kbd.textContent = s.key === 'Escape' ? 'Esc' : s.key;
      dt.append(kbd);
      const dd = document.createElement('dd');
      dd.textContent = s.label;
      return [dt, dd];
    }),
  );
}
