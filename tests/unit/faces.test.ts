/**
 * fairdeck/faces: codes and labels agree with the core's cards, every face and back draws, and
 * every bad input is a TypeError or RangeError naming it, thrown before anything is drawn.
 */
import { createCanvas } from '@napi-rs/canvas';
import { beforeAll, describe, expect, it } from 'vitest';
import { Deck, init, type Card } from 'fairdeck';
import { BACKS, CARD_ASPECT, cardLabel, cardSvg, drawCard } from 'fairdeck/faces';

beforeAll(() => init());

const all = (options: ConstructorParameters<typeof Deck>[0]): Card[] => {
  const deck = new Deck({ seed: 1, ...options });
  const cards = deck.deal(deck.size);
  deck.dispose();
  return cards;
};

/** A context that records every call and property write, and fails on text (no fonts). */
function recorder(): { ctx: CanvasRenderingContext2D; calls: string[] } {
  const canvas = createCanvas(100, 140);
  const real = canvas.getContext('2d') as unknown as Record<string | symbol, unknown>;
  const calls: string[] = [];
  const ctx = new Proxy(real, {
    get(target, key) {
      if (key === 'fillText' || key === 'strokeText') throw new Error('faces must not draw text with a font');
      const value = target[key];
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => (calls.push(String(key)), (value as (...a: unknown[]) => unknown).apply(target, args));
    },
    set(target, key, value) {
      if (key === 'font') throw new Error('faces must not set a font');
      calls.push(`set ${String(key)}`);
      target[key] = value;
      return true;
    },
  });
  return { ctx: ctx as unknown as CanvasRenderingContext2D, calls };
}

describe('codes and labels', () => {
  it('names every card of every composition exactly as the core does, from the Card or its code', () => {
    for (const style of ['french', 'german'] as const) {
      const cards = all({ style, jokers: 2 });
      expect(cards).toHaveLength(style === 'french' ? 54 : 34);
      for (const card of cards) {
        expect(cardLabel(card)).toBe(card.name);
        expect(cardLabel(card.code, { style })).toBe(card.name);
      }
    }
  });

  it('reads a shared code as French unless style is german, and German-only codes without a hint', () => {
    expect(cardLabel('AS')).toBe('Ace of Spades');
    expect(cardLabel('AS', { style: 'german' })).toBe('Schellen Ass');
    expect(cardLabel('KH')).toBe('King of Hearts');
    expect(cardLabel('UE')).toBe('Eichel Unter');
    expect(cardLabel('OG')).toBe('Grün Ober');
    expect(cardLabel('7E')).toBe('Eichel 7');
    expect(cardLabel('TS')).toBe('Ten of Spades');
    expect(cardLabel('X1')).toBe('Black Joker');
    expect(cardLabel('X2')).toBe('Red Joker');
    expect(cardSvg('AS', { style: 'german' })).toContain('aria-label="Schellen Ass"');
  });

  it('draws a Card in its own style: the German AS is not the French AS', () => {
    const german = all({ style: 'german' }).find((c) => c.code === 'AS')!;
    const french = all({}).find((c) => c.code === 'AS')!;
    expect(cardSvg(german)).toBe(cardSvg('AS', { style: 'german' }));
    expect(cardSvg(french)).toBe(cardSvg('AS'));
    expect(cardSvg(german)).not.toBe(cardSvg(french));
  });
});

describe('drawing', () => {
  it('draws 52 French, 32 German faces, both jokers and every back, each picture different', () => {
    const pictures = new Set<string>();
    for (const style of ['french', 'german'] as const) for (const card of all({ style, jokers: 2 })) pictures.add(cardSvg(card));
    for (const back of BACKS) pictures.add(cardSvg('AS', { faceUp: false, back }));
    expect(BACKS.length).toBeGreaterThanOrEqual(2);
    // Jokers look the same in both styles: 52 + 32 + 2 + backs.
    expect(pictures.size).toBe(52 + 32 + 2 + BACKS.length);
  });

  it('draws with paths only: no font and no text on the canvas, no <text> in the SVG', () => {
    const { ctx, calls } = recorder();
    for (const code of ['AS', 'TH', 'KD', 'UE', 'X1', 'X2']) drawCard(ctx, code, { width: 100 });
    expect(calls).toContain('bezierCurveTo');
    expect(cardSvg('TH')).not.toMatch(/<text|font/);
  });

  it('leaves the context as it found it (transform and styles restored)', () => {
    const canvas = createCanvas(200, 280);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#123456';
    ctx.lineWidth = 7;
    drawCard(ctx, 'QH', { x: 10, y: 20, width: 150 });
    expect(ctx.fillStyle).toBe('#123456');
    expect(ctx.lineWidth).toBe(7);
    expect(ctx.getTransform().a).toBe(1);
  });

  it('sizes the SVG from width and CARD_ASPECT', () => {
    expect(CARD_ASPECT).toBe(1.4);
    expect(cardSvg('AS', { width: 40 })).toMatch(/^<svg [^>]*viewBox="0 0 250 350" width="40" height="56"/);
    expect(cardSvg('AS')).toMatch(/width="250" height="350"/);
  });
});

describe('bad input', () => {
  const bad: [string, () => unknown, ErrorConstructor, RegExp][] = [
    ['unknown code', () => cardSvg('ZZ'), RangeError, /card.*"ZZ"/],
    ['French-only code as German', () => cardLabel('QS', { style: 'german' }), RangeError, /"QS" in the german style/],
    ['card of the wrong type', () => cardSvg(12 as unknown as string), TypeError, /card must be .* got 12/],
    ['generic card', () => cardSvg(all({ size: 10 })[0]), RangeError, /generic.*no face/],
    ['Card whose style contradicts options.style', () => cardSvg(all({})[0], { style: 'german' }), RangeError, /options\.style "german"/],
    ['width 0', () => cardSvg('AS', { width: 0 }), RangeError, /options\.width .*positive finite number, got 0/],
    ['width -5', () => cardSvg('AS', { width: -5 }), RangeError, /options\.width .*got -5/],
    ['width NaN', () => cardSvg('AS', { width: NaN }), RangeError, /options\.width .*got NaN/],
    ['width Infinity', () => cardSvg('AS', { width: Infinity }), RangeError, /options\.width .*got Infinity/],
    ['width as text', () => cardSvg('AS', { width: '40' as unknown as number }), TypeError, /options\.width must be a number, got "40"/],
    ['bad style', () => cardSvg('AS', { style: 'italian' as 'french' }), TypeError, /options\.style must be one of 'french', 'german', got "italian"/],
    ['bad back', () => cardSvg('AS', { faceUp: false, back: 'plaid' as 'navy' }), TypeError, /options\.back must be one of .*got "plaid"/],
    ['faceUp not boolean', () => cardSvg('AS', { faceUp: 0 as unknown as boolean }), TypeError, /options\.faceUp/],
    ['unknown option', () => cardSvg('AS', { colour: 'red' } as object), TypeError, /unknown option 'colour'/],
    ['options not an object', () => cardSvg('AS', 5 as unknown as object), TypeError, /options must be an object, got 5/],
    ['missing ctx', () => drawCard(undefined as unknown as CanvasRenderingContext2D, 'AS'), TypeError, /ctx must be a 2D canvas context.*got undefined/],
    ['ctx not a context', () => drawCard({} as CanvasRenderingContext2D, 'AS'), TypeError, /ctx must be a 2D canvas context.*got a Object/],
    ['x not finite', () => drawCard(recorder().ctx, 'AS', { x: Infinity }), RangeError, /options\.x must be a finite number, got Infinity/],
  ];
  it.each(bad)('%s', (_, call, kind, message) => {
    expect(call).toThrow(kind);
    expect(call).toThrow(message);
  });

  it('draws nothing when an option is bad', () => {
    const { ctx, calls } = recorder();
    expect(() => drawCard(ctx, 'AS', { width: -1 })).toThrow(RangeError);
    expect(() => drawCard(ctx, 'ZZ')).toThrow(RangeError);
    expect(() => drawCard(ctx, 'AS', { back: 'plaid' as 'navy' })).toThrow(TypeError);
    expect(calls).toEqual([]);
  });
});
