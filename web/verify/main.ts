/**
 * The verify page: a round's revealed seeds in (form or address), `verifyRound` from
 * fairdeck/verify run on them (no WASM: this page never imports 'fairdeck'), the deal order drawn
 * with fairdeck/faces, every dealt card marked, and a plain verdict. With a game (&game=holdem
 * &seats=6, &game=blackjack) the hand is replayed too, and a table shows who got which card.
 * Everything is bundled, so a loaded page verifies offline.
 */
import { verifyRound } from 'fairdeck/verify';
import { showOrder } from './order-view.js';
import { claimedPiles, scriptOf, showPiles } from './piles-view.js';
import { FIELD_NAMES, fieldOfError, fieldsFromQuery, queryOf, roundOf, splitCodes, type RoundFields } from './round-link.js';

const $ = <T extends HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const form = $<HTMLFormElement>('#round');
const verdict = $('#verdict');
const order = $<HTMLOListElement>('#order');
const summary = $('#order-summary');
const hand = $('#hand');
const piles = $<HTMLTableElement>('#piles');
const handSummary = $('#hand-summary');
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const field = (name: string) => form.elements.namedItem(name) as Field;

function toForm(f: RoundFields): void {
  for (const name of FIELD_NAMES) field(name).value = f[name];
  syncDeckFields();
}

function fromForm(): RoundFields {
  return Object.fromEntries(FIELD_NAMES.map((n) => [n, field(n).value])) as unknown as RoundFields;
}

/** A generic deck has a size; French and German decks have decks and jokers. */
function syncDeckFields(): void {
  const generic = field('style').value === 'generic';
  for (const n of ['decks', 'jokers']) (field(n) as HTMLInputElement).disabled = generic;
  (field('size') as HTMLInputElement).disabled = !generic;
  (field('seats') as HTMLInputElement).disabled = field('game').value === '';
}

function say(kind: 'ok' | 'bad' | 'error' | 'idle', text: string): void {
  verdict.dataset.kind = kind;
  verdict.textContent = text;
}

let run = 0;

/** Verifies the form's round and shows the verdict and the order. */
async function check(): Promise<void> {
  const mine = ++run;
  const f = fromForm();
  for (const n of FIELD_NAMES) field(n).removeAttribute('aria-invalid');
  history.replaceState(null, '', location.pathname + queryOf(f));
  const dealt = splitCodes(f.dealt);
  try {
    const v = await verifyRound(roundOf(f));
    if (mine !== run) return;
    const matching = dealt.filter((c, i) => c === v.order[i]).length;
    showOrder(order, v.order, dealt, f.style);
    summary.textContent = `${v.order.length} cards in this round's order; ${dealt.length} dealt, ${matching} of them matching.`;
    const script = f.game ? scriptOf(f.game, f.seats) : undefined;
    hand.hidden = !script;
    if (script) {
      showPiles(piles.tBodies[0], v.piles ?? {}, claimedPiles(dealt, script), f.style);
      const total = script.reduce((n, p) => n + p.count, 0);
      handSummary.textContent = `${f.game === 'holdem' ? "Texas Hold'em" : 'Blackjack'}, ${f.seats} seat${f.seats.trim() === '1' ? '' : 's'}: `
        + `${total} cards dealt by the game's script, ${Object.keys(v.piles ?? {}).length} piles.`;
    }
    // What an ok does not prove (no card checked, a seat count the order alone cannot show) follows it.
    const notes = v.warnings?.length ? ` Note: ${v.warnings.join('; ')}.` : '';
    if (v.ok) say('ok', `✓ Fair: the commitment matches the server seed, and all ${dealt.length} dealt cards are the ones these seeds deal${script ? ', to these piles' : ''}.${notes}`);
    else say('bad', `✗ Not verified: ${v.reason}.`);
  } catch (e) {
    if (mine !== run) return;
    const message = (e as Error).message;
    const name = fieldOfError(message);
    if (name) field(name).setAttribute('aria-invalid', 'true');
    order.replaceChildren();
    summary.textContent = '';
    hand.hidden = true;
    piles.tBodies[0].replaceChildren();
    say('error', `Cannot check this round: ${message}.`);
  }
  document.body.dataset.checked = String(mine);
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void check();
});
field('style').addEventListener('change', syncDeckFields);
field('game').addEventListener('change', syncDeckFields);
$('#copy-link').addEventListener('click', () => {
  history.replaceState(null, '', location.pathname + queryOf(fromForm()));
  navigator.clipboard.writeText(location.href).then(
    () => say(verdict.dataset.kind as 'ok', `${verdict.textContent} (Link copied.)`),
    () => say(verdict.dataset.kind as 'ok', `${verdict.textContent} (Copy the address from the address bar.)`),
  );
});

const given = fieldsFromQuery(location.search);
toForm(given);
if (given.commitment || given.serverSeed) await check();
else say('idle', 'Fill in the round and press “Verify the round”.');
document.body.dataset.ready = 'true';
