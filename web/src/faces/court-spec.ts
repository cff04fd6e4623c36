/** How a court figure is drawn (courts.ts draws it, regalia.ts its headwear and items): a leaf module, so neither imports the other for it. */
/** How to draw one court figure. */
export interface CourtSpec {
  /** Rank of the figure: decides the headwear, the hair and the held item. */
  readonly kind: 'king' | 'queen' | 'jack' | 'ober' | 'unter';
  /** Main robe colour. */
  readonly robe: string;
  /** Trim colour (collar band, pennant, cap feather). */
  readonly trim: string;
  /** Outline ink (the suit's ink). */
  readonly ink: string;
  /** Where the suit symbol sits: by the head (French), high (Ober, König) or low (Unter). */
  readonly emblem: 'corner' | 'high' | 'low';
}
