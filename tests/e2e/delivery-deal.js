// Deals the README example's hand with seed 1; returns { ids } or { error }.
import { init, Deck } from '/dist/index.js';

export async function deal(wasm) {
  try {
    await init(wasm === undefined ? undefined : { wasm });
    const deck = new Deck({ seed: 1 });
    const ids = deck.deal(5).map((card) => card.id).join(',');
    deck.dispose();
    return { ids };
  } catch (error) {
    return { error: String(error.message ?? error) };
  }
}
