/**
 * The table's deck options and their two homes: the URL (so a link replays the same deal) and
 * the "New deck" form. The seed text is read by the package's parseSeed, as on every page: digits
 * are an integer seed (`?seed=42` deals like `new Deck({ seed: 42 })`), any other text a text seed,
 * and no seed means a secure, unseeded deck. Names and limits come from the package's manifest().
 */
import { manifest, parseSeed, type DeckOptions, type RngName, type StrategyName, type StyleName } from 'fairdeck/games';

/** Everything that decides a deal. */
export interface TableOptions {
  readonly style: StyleName;
  readonly decks: number;
  readonly jokers: number;
  readonly rng: RngName;
  readonly strategy: StrategyName;
  /** The seed as typed; '' for an unseeded (secure) deck. */
  readonly seed: string;
}

/** The options of a plain `new Deck()`. */
export const DEFAULTS: TableOptions = { style: 'french', decks: 1, jokers: 0, rng: 'chacha20', strategy: 'eager', seed: '' };

/** The names each choice may take (after init(): they come from the core). */
const choices = () => {
  const m = manifest();
  return { style: m.styles, rng: m.engines, strategy: m.strategies } as const;
};

/** Reads options from a query string; unknown or bad values fall back to defaults and are listed. */
export function fromQuery(search: string): { options: TableOptions; ignored: string[] } {
  const q = new URLSearchParams(search);
  const ignored: string[] = [];
  const names = choices(), { limits } = manifest();
  const pick = <T extends string>(key: keyof typeof names, fallback: T): T => {
    const v = q.get(key);
    if (v === null) return fallback;
    if ((names[key] as readonly string[]).includes(v)) return v as T;
    ignored.push(`${key}=${v}`);
    return fallback;
  };
  const int = (key: 'decks' | 'jokers', min: number, max: number, fallback: number): number => {
    const v = q.get(key);
    if (v === null) return fallback;
    const n = Number(v);
    if (/^\d+$/.test(v) && n >= min && n <= max) return n;
    ignored.push(`${key}=${v}`);
    return fallback;
  };
  const options: TableOptions = {
    style: pick('style', DEFAULTS.style),
    decks: int('decks', 1, limits.maxDecks, DEFAULTS.decks),
    jokers: int('jokers', 0, limits.maxJokers, DEFAULTS.jokers),
    rng: pick('rng', DEFAULTS.rng),
    strategy: pick('strategy', DEFAULTS.strategy),
    seed: q.get('seed') ?? '',
  };
  return { options, ignored };
}

/** The query string for `o`, listing only what differs from the defaults ('' for a plain deck). */
export function toQuery(o: TableOptions): string {
  const q = new URLSearchParams();
  for (const key of ['seed', 'rng', 'strategy', 'style', 'decks', 'jokers'] as const) {
    if (o[key] !== DEFAULTS[key]) q.set(key, String(o[key]));
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

/** The package's DeckOptions for `o`. */
export function deckOptions(o: TableOptions): DeckOptions {
  const seed = parseSeed(o.seed);
  return {
    style: o.style,
    decks: o.decks,
    jokers: o.jokers,
    rng: o.rng,
    strategy: o.strategy,
    ...(seed === undefined ? {} : { seed }),
  };
}

/** Reads the "New deck" form (its controls are named after the options). */
export function fromForm(form: HTMLFormElement): TableOptions {
  const data = new FormData(form);
  const text = (k: string) => String(data.get(k) ?? '');
  return {
    style: text('style') as StyleName,
    decks: Number(text('decks')),
    jokers: Number(text('jokers')),
    rng: text('rng') as RngName,
    strategy: text('strategy') as StrategyName,
    seed: text('seed').trim(),
  };
}

/** Writes `o` into the "New deck" form. */
export function toForm(form: HTMLFormElement, o: TableOptions): void {
  const set = (name: string, value: string) => {
    const el = form.elements.namedItem(name);
    if (el instanceof RadioNodeList) el.value = value;
    else if (el instanceof HTMLInputElement || el instanceof HTMLSelectElement) el.value = value;
  };
  for (const key of ['style', 'decks', 'jokers', 'rng', 'strategy', 'seed'] as const) set(key, String(o[key]));
}

/** How the form names each engine (any engine the core adds shows under its own name). */
const ENGINE_LABELS: Readonly<Record<string, string>> = { chacha20: 'ChaCha20 (secure)', xoshiro256: 'xoshiro256** (fast)' };

/** Fills the form's choices and limits from the core's manifest (after init()). */
export function fillForm(form: HTMLFormElement): void {
  const { engines, strategies, limits } = manifest();
  const fill = (name: string, values: readonly (string | number)[], label = (v: string) => v) => {
    const select = form.elements.namedItem(name) as HTMLSelectElement;
    select.replaceChildren(...values.map((v) => new Option(label(String(v)), String(v))));
  };
  fill('jokers', Array.from({ length: limits.maxJokers + 1 }, (_, i) => i));
  fill('rng', engines, (v) => ENGINE_LABELS[v] ?? v);
  fill('strategy', strategies);
  (form.elements.namedItem('decks') as HTMLInputElement).max = String(limits.maxDecks);
}
