// The React recipe of docs/react.md, under StrictMode, as a React app would write it (no JSX, so
// that the app needs no React plugin). scripts/reach.sh copies it into the Vite app, whose dev
// server serves React's development build: StrictMode runs every component's initialisers and
// every effect twice, as React does in development to find missing cleanups. The page deals the
// golden hand only if the recipe holds there: no deck leaked, none used after its dispose(), the
// WASM download started before the first render. A second component, written the way the issue
// found people writing it (`useState(() => new Deck())`), is the control: it must leak.
import { StrictMode, createElement as h, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { init, Deck } from 'fairdeck';

// The recipe, step 1: init() at import, outside any component, so the WASM download starts now.
const ready = init();
let firstRender;

const counts = { recipe: { made: 0, disposed: 0 }, naive: { made: 0, disposed: 0 } };
const counted = (tally) => class extends Deck {
  constructor(options) {
    super(options);
    tally.made++;
  }
  dispose() {
    if (!this.disposed) tally.disposed++;
    super.dispose();
  }
};
const RecipeDeck = counted(counts.recipe), NaiveDeck = counted(counts.naive);

// The recipe, step 2: a deck per component, made in an effect and disposed in its cleanup.
function useDeck(options, deal) {
  const [state, setState] = useState(null);
  useEffect(() => {
    const deck = new RecipeDeck(options);
    setState({ deck, hand: deal(deck) });
    return () => deck.dispose();
  }, []);
  return state;
}

function Hand({ onReady }) {
  firstRender ??= performance.now();
  const state = useDeck({ seed: 1 }, (deck) => deck.deal(5));
  useEffect(() => {
    if (state) onReady(state);
  }, [state]);
  return h('p', null, state ? state.hand.join(' ') : 'shuffling…');
}

// The control: an initialiser that makes a deck. StrictMode calls it twice and keeps one result;
// nothing ever disposes either.
function Naive() {
  const [deck] = useState(() => new NaiveDeck({ seed: 1 }));
  return h('p', null, String(deck.remaining));
}

function show(text, ids) {
  const out = document.querySelector('#hand') ?? document.body.appendChild(document.createElement('output'));
  out.id = 'hand';
  out.textContent = text;
  out.dataset.ids = ids;
}

function judge({ deck, hand }) {
  setTimeout(() => {
    const problems = [];
    const r = counts.recipe, n = counts.naive;
    if (r.made - r.disposed !== 1) problems.push(`recipe: ${r.made} decks made, ${r.disposed} disposed (one should be live)`);
    if (deck.disposed) problems.push('recipe: the deck in state is disposed');
    else if (deck.remaining !== 47) problems.push(`recipe: the live deck has ${deck.remaining} cards left, not 47`);
    if (n.made - n.disposed < 1) problems.push(`control: the naive component leaked no deck (${n.made} made, ${n.disposed} disposed)`);
    // A build fetches the embedded copy as a chunk of its own; Vite's dev server pre-bundles the
    // package with its copies inline (node_modules/.vite/deps/fairdeck.js).
    const copy = performance.getEntriesByType('resource').find((e) => /fairdeck-embedded|\/\.vite\/deps\/fairdeck\.js/.test(e.name));
    if (!copy) problems.push(`no fetch of the embedded WASM copy was seen (resources: ${performance.getEntriesByType('resource').map((e) => e.name.replace(location.origin, '')).join(' ')})`);
    else if (!(copy.startTime < firstRender)) problems.push(`the WASM copy was fetched at ${copy.startTime.toFixed(1)} ms, after the first render at ${firstRender.toFixed(1)} ms`);
    // Development (Vite's dev server): StrictMode ran each initialiser and effect twice, and
    // fairdeck's development checks are on (docs/react.md); in a production build, once and off.
    const dev = import.meta.env.DEV, twice = dev ? 2 : 1;
    if (r.made !== twice || n.made !== twice) problems.push(`expected StrictMode to make ${twice} deck(s) per component in ${dev ? 'development' : 'production'}, got ${r.made} and ${n.made}`);
    const gone = new Deck({ seed: 2 });
    gone.dispose();
    let said = '';
    try {
      gone.deal(1);
    } catch (error) {
      said = error.message;
    }
    if (dev !== /^this Deck has been disposed; it was disposed at /.test(said)) problems.push(`a disposed deck's error in ${dev ? 'development' : 'production'}: ${said}`);
    if (problems.length) show(`error: ${problems.join('; ')}`, 'error');
    else show(hand.map(String).join(' '), hand.map((card) => card.id).join(','));
    console.log(`react: recipe ${r.made} made / ${r.disposed} disposed; naive ${n.made} made / ${n.disposed} disposed`);
  }, 50);
}

// The recipe, step 3: render once init() has resolved (the download began at import, above).
const root = document.body.appendChild(document.createElement('div'));
ready.then(() => createRoot(root).render(h(StrictMode, null, h(Hand, { onReady: judge }), h(Naive))));
