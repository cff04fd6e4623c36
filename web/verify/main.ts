/**
 * The verify page: a round's revealed seeds in (form or address), and fairdeck/verify/view's
 * component under it — `renderRound` checks the round with `verifyRound` (no WASM: this page never
 * imports 'fairdeck') and draws the verdict, who got which card (with a game: &game=holdem&seats=6,
 * &game=blackjack) and the deal order with fairdeck/faces, every dealt card marked. The page is the
 * form, the address and the link; everything it shows of a round is the component, as any app
 * that puts `<fairdeck-verify>` or `renderRound` on its own page shows it. Everything is bundled,
 * so a loaded page verifies offline.
 */
import { renderRound } from 'fairdeck/verify/view';
import { FIELD_NAMES, fieldOfError, fieldsFromQuery, queryOf, roundOf, type RoundFields } from './round-link.js';

const $ = <T extends HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const form = $<HTMLFormElement>('#round');
const result = $('#result');
type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
const field = (name: string) => form.elements.namedItem(name) as Field;
const verdict = () => result.querySelector<HTMLElement>('.verdict')!;

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

let run = 0;

/** Verifies the form's round: the component draws the verdict and the order; a bad field is marked. */
async function check(): Promise<void> {
  const mine = ++run;
  const f = fromForm();
  for (const n of FIELD_NAMES) field(n).removeAttribute('aria-invalid');
  history.replaceState(null, '', location.pathname + queryOf(f));
  try {
    await renderRound(result, roundOf(f));
  } catch (e) {
    if (mine !== run) return;
    const name = fieldOfError((e as Error).message);
    if (name) field(name).setAttribute('aria-invalid', 'true');
  }
  if (mine === run) document.body.dataset.checked = String(mine);
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void check();
});
field('style').addEventListener('change', syncDeckFields);
field('game').addEventListener('change', syncDeckFields);
$('#copy-link').addEventListener('click', () => {
  history.replaceState(null, '', location.pathname + queryOf(fromForm()));
  const v = verdict(), said = v.textContent;
  navigator.clipboard.writeText(location.href).then(
    () => (v.textContent = `${said} (Link copied.)`),
    () => (v.textContent = `${said} (Copy the address from the address bar.)`),
  );
});

const given = fieldsFromQuery(location.search);
toForm(given);
if (given.commitment || given.serverSeed) await check();
else verdict().textContent = 'Fill in the round and press “Verify the round”.';
document.body.dataset.ready = 'true';
