// A consumer of every entry (tests/types/check.mjs compiles it against the packed .d.ts under
// each lib x moduleResolution x TypeScript version): imports and the main API of each.
import { init, initSync, isReady, Deck, Card, shuffle, permutation, parseSeed, manifest, type CardComparator, type FrenchCode, type FrenchSuit, type GermanSuit, type DeckState, type ProvableState, type RoundRecord } from 'fairdeck';
import { init as initGames, initSync as initGamesSync, Deck as GamesDeck } from 'fairdeck/games';
import { init as initSim, initSync as initSimSync, Deck as SimDeck, streamSeed } from 'fairdeck/sim';
import { randomUint32, randomBytes, RandomStream } from 'fairdeck/random';
import { init as initFairness, initSync as initFairnessSync, positionMatrix, countPermutations, ALGORITHMS } from 'fairdeck/fairness';
import { cardSvg, cardLabel, drawCard, drawBack, backSvg, CARD_ASPECT } from 'fairdeck/faces';
import { commitRound, commitmentOf } from 'fairdeck/provable';
import { verifyRound, GAMES } from 'fairdeck/verify';
import { defineVerifyElement, renderRound, type VerifyElement } from 'fairdeck/verify/view';

/** fairdeck/verify/view: the element (its tag typed through HTMLElementTagNameMap) and the render function. */
export async function showRound(target: HTMLElement, round: Parameters<typeof verifyRound>[0]): Promise<boolean> {
  const View: { new (): VerifyElement } = defineVerifyElement();
  const view: VerifyElement = document.createElement('fairdeck-verify');
  view.round = round;
  view.addEventListener('verdict', () => undefined);
  target.append(view, new View());
  return (await renderRound(target, round, { headingLevel: 4 })).ok && view.verdict?.ok !== false;
}

export async function main(): Promise<string> {
  await init();
  await initGames();
  await initFairness();
  const deck = new Deck({ seed: 1 });
  const hand: Card[] = deck.shuffle().deal(5);
  const state: DeckState = deck.toJSON();
  const text: string = JSON.stringify({ deck });
  const order: CardComparator = Card.order({ aces: 'low' });
  const value: number | null = Card.from('AS').rankValue;
  // Literal card types: a French card, narrowed by its style, has French codes, suits and rank values.
  const ace = Card.from('AS');
  const suit: FrenchSuit | GermanSuit | '' | null = ace.suit;
  const code: FrenchCode | undefined = ace.style === 'french' ? ace.code : undefined;
  const war: number = Card.rankValue(ace, { aces: 'high' }) + Number(Card.sameRank(ace, hand[0]));
  hand.sort(Card.compare).sort(order);
  if (Card.is(value)) initSync({ wasm: new Uint8Array(0) }), initGamesSync(), initFairnessSync();
  Deck.fromJSON(state).dispose();
  deck.dispose();
  // A provable deck's round record is verifyRound's input once the seed is added; its state restores.
  const { serverSeed: shoeSeed } = commitRound();
  const shoe = new GamesDeck({ provable: { serverSeed: shoeSeed, clientSeed: 'p', nonce: 0 }, decks: 6 });
  shoe.dealHands(2, 2);
  const record: RoundRecord = shoe.round();
  const version: ProvableState['version'] = 3;
  GamesDeck.fromJSON(shoe.toJSON({ includeSecret: true })).dispose();
  if (record.deals.length + version < 0) return 'never';
  shoe.dispose();
  if (!(await verifyRound({ ...record, serverSeed: shoeSeed })).ok) return 'not ok';
  const table = new GamesDeck({ seed: 2 });
  const hands: Card[][] = table.dealHands(4, 2);
  table.burn(1);
  const top: Card[] = table.top('hand:0', 1).concat(table.take('hand:1', 'discard', 2));
  table.dispose();
  if (Card.is(value)) initSimSync(); else await initSim();
  const sim = new SimDeck({ seed: streamSeed(7, 1), exclude: ['AS', 'AH'] });
  const boards: Uint32Array = sim.sampleIds(5, 10, new Uint32Array(50));
  const ids: Uint32Array = sim.dealIds(2);
  const dead: Card[] = sim.dead;
  sim.remove([ids[0]]);
  sim.dealHands(2, 2);
  sim.dispose();
  const bytes: Uint8Array = randomBytes(8, { seed: 3 });
  const words: Uint32Array = randomUint32(4);
  const stream = new RandomStream({ seed: 4 });
  stream.dispose();
  const m = await positionMatrix({ algorithm: ALGORITHMS[0], n: 4, trials: 100, seed: 5 });
  const p = await countPermutations({ algorithm: 'fisher-yates', n: 3, trials: 60, seed: 6 });
  const { serverSeed, commitment } = commitRound();
  const verdict = await verifyRound({ commitment, serverSeed, clientSeed: 'c', nonce: 1, dealt: hand.map(String) });
  const svg: string = cardSvg(hand[0], { width: 40 });
  return [isReady(), shuffle([1, 2, 3], { seed: 1 }).length, permutation(3).length, parseSeed('1'), manifest, hands.length, boards.length, dead.length,
    bytes.length, words.length, m, p, verdict.ok, svg, cardLabel('AS'), CARD_ASPECT, commitmentOf, GAMES, drawCard, text,
    suit, code, war, top.length, drawBack, backSvg({ width: 40 })].join();
}
