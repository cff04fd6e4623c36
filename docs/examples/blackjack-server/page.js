// The example table's page: plays the table's API, keeps every link the table publishes (in this
// browser's localStorage: the player's own copy), and checks each revealed shoe with verifyShoe
// against the links it kept — and each hand, when opened, with <fairdeck-verify>.
import { verifyShoe } from 'fairdeck/verify';
import { defineVerifyElement } from 'fairdeck/verify/view';
import { cardLabel, cardSvg } from 'fairdeck/faces';

defineVerifyElement();
const $ = (id) => document.getElementById(id);
const kept = (commitment) => JSON.parse(localStorage.getItem(`fairdeck-blackjack-links:${commitment}`) ?? '[]');
const keep = (commitment, links) => localStorage.setItem(`fairdeck-blackjack-links:${commitment}`, JSON.stringify(links));

function cards(codes) {
  const span = document.createElement('span');
  span.className = 'cards';
  for (const code of codes) {
    if (code === '??') {
      span.append(' (face down) ');
      continue;
    }
    const img = document.createElement('img');
    img.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(cardSvg(code, { width: 56 }))}`;
    img.alt = cardLabel(code);
    img.width = 56;
    span.append(img);
  }
  return span;
}

let view;
function draw(v) {
  view = v;
  $('shoe-number').textContent = String(v.shoe);
  $('commitment').textContent = v.commitment;
  const seed = $('client-seed');
  seed.disabled = v.clientSeed !== null;
  if (v.clientSeed !== null) seed.value = v.clientSeed;
  else if (!seed.value) seed.value = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('');
  // The player's copy of the chain: a link once seen is kept, and never replaced by the table's.
  const mine = kept(v.commitment);
  if (v.links.length > mine.length) keep(v.commitment, [...mine, ...v.links.slice(mine.length)]);
  if (v.last) {  // the last hand's link, which for a shoe's last hand arrives with the next shoe's view
    const before = kept(v.last.commitment);
    if (before.length === v.last.hand - 1) keep(v.last.commitment, [...before, v.last.link]);
  }
  const hand = $('hand');
  hand.replaceChildren();
  if (v.hand) {
    const dealer = document.createElement('p');
    dealer.append('Dealer: ', cards(v.hand.dealer));
    hand.append(dealer);
    v.hand.seats.forEach((s, i) => {
      const p = document.createElement('p');
      p.className = `seat${i === v.hand.playing ? ' playing' : ''}`;
      p.dataset.pile = s.pile;
      p.append(`${v.hand.seats.length > 1 ? `Hand ${i + 1}` : 'You'}: `, cards(s.cards), ` ${s.total}`);
      hand.append(p);
    });
  }
  $('deal').disabled = !!v.hand;
  $('hit').disabled = $('stand').disabled = !v.hand;
  $('split').disabled = !v.hand?.canSplit;
  const last = $('last');
  last.replaceChildren();
  if (v.last && !v.hand) {
    last.append(`Hand ${v.last.hand} of shoe ${v.last.shoe}: dealer `, cards(v.last.piles.dealer), ` — ${v.last.result.join(', ')}. Its link: `);
    const code = document.createElement('code');
    code.textContent = v.last.link;
    last.append(code, v.cutCardOut ? ' The cut card is out: this was the last hand of the shoe.' : '');
  }
  void showShoes(v.revealed);
}

async function call(action, payload) {
  $('error').textContent = '';
  const res = await fetch(`/api/${action}`, { method: action === 'table' ? 'GET' : 'POST', body: payload ? JSON.stringify(payload) : undefined });
  const v = await res.json();
  if (!res.ok) {
    $('error').textContent = v.error;
    return;
  }
  draw(v);
}

$('deal').onclick = () => call('deal', view?.clientSeed === null ? { clientSeed: $('client-seed').value } : undefined);
$('hit').onclick = () => call('hit');
$('stand').onclick = () => call('stand');
$('split').onclick = () => call('split');

const shown = new Set();
/** One section per revealed shoe: verifyShoe's verdict against the links this browser kept, and each hand on demand. */
async function showShoes(numbers) {
  for (const n of numbers) {
    if (shown.has(n)) continue;
    shown.add(n);
    const section = document.createElement('section');
    section.className = 'shoe';
    section.dataset.shoe = String(n);
    const h3 = document.createElement('h3');
    h3.textContent = `Shoe ${n}`;
    const verdict = document.createElement('p');
    verdict.className = 'shoe-verdict';
    verdict.setAttribute('role', 'status');
    verdict.textContent = 'Checking…';
    section.append(h3, verdict);
    $('shoe-list').append(section);
    const shoe = await (await fetch(`/api/shoes/${n}`)).json();
    const mine = kept(shoe.commitment);
    // The links this player saw as the hands ended are what the revealed hands are held to; without
    // them (another browser), the table's own links, which prove less.
    const links = mine.length ? mine : shoe.links;
    const v = await verifyShoe({ ...shoe, links });
    section.dataset.ok = String(v.ok);
    section.dataset.checked = String(v.checked);
    verdict.textContent = v.ok
      ? `✓ Fair: ${shoe.hands.length} hands, ${v.checked} cards, all from the shoe committed to; checked against ${mine.length ? `the ${mine.length} links you kept` : "the table's links (this browser kept none)"}.`
      : `✗ Not verified: ${v.reason}.`;
    shoe.hands.forEach((hand, i) => {
      const details = document.createElement('details');
      details.dataset.hand = String(i + 1);
      const summary = document.createElement('summary');
      const good = v.hands[i]?.ok;
      summary.textContent = `Hand ${i + 1}: ${hand.dealt.join(' ')} ${good === undefined ? '' : good ? '✓' : '✗'}`;
      details.append(summary);
      details.addEventListener('toggle', () => {
        if (!details.open) return details.querySelector('fairdeck-verify')?.remove();
        const el = document.createElement('fairdeck-verify');
        el.setAttribute('heading-level', '4');
        const end = hand.offset + hand.dealt.length;
        el.round = {
          commitment: shoe.commitment, serverSeed: shoe.serverSeed, clientSeed: shoe.clientSeed, nonce: shoe.nonce,
          version: shoe.version, deck: shoe.deck, offset: hand.offset, dealt: hand.dealt, deals: hand.deals, piles: hand.piles,
          history: (shoe.history ?? []).filter((e) => e.after > hand.offset && e.after <= end),
        };
        // The component's verdict, also on the hand's row (data-verdict: ok, bad or error).
        el.addEventListener('verdict', (e) => (details.dataset.verdict = e.detail.ok ? 'ok' : 'bad'));
        el.addEventListener('round-error', () => (details.dataset.verdict = 'error'));
        delete details.dataset.verdict;
        details.append(el);
      });
      section.append(details);
    });
  }
  document.body.dataset.shoes = String(shown.size);
}

await call('table');
document.body.dataset.ready = 'true';
