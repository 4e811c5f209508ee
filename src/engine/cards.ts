// Two 52-card decks, no jokers (§1). Every physical card has its own identity:
// the two copies of 7♥ are different cards, so a card is a number 0..103.

export const SUITS = ["S", "H", "D", "C"] as const;
export type Suit = (typeof SUITS)[number];

export const RANK_NAMES = [
  "A",
  "2",
  "3",
  "4",
  "5",
  "6",
  "7",
  "8",
  "9",
  "10",
  "J",
  "Q",
  "K",
] as const;
/** 1 (Ace) .. 13 (King). */
export type Rank = number;

export type CardId = number;

export const DECK_COPIES = 2;
export const CARDS_PER_DECK = 52;
export const CARD_COUNT = DECK_COPIES * CARDS_PER_DECK;

export function isCardId(value: unknown): value is CardId {
  return typeof value === "number" && Number.isInteger(value) && value >= 0 && value < CARD_COUNT;
}

export function rankOf(card: CardId): Rank {
  return (card % 13) + 1;
}

export function suitOf(card: CardId): Suit {
  return SUITS[Math.floor((card % CARDS_PER_DECK) / 13)]!;
}

/** The suit's place in SUITS (0..3): the number behind suitOf. */
export function suitIndex(card: CardId): number {
  return Math.floor((card % CARDS_PER_DECK) / 13);
}

/** Which of the two decks the card comes from: 0 or 1. */
export function copyOf(card: CardId): number {
  return Math.floor(card / CARDS_PER_DECK);
}

export function cardId(rank: Rank, suit: Suit, copy = 0): CardId {
  return copy * CARDS_PER_DECK + SUITS.indexOf(suit) * 13 + (rank - 1);
}

/** "7H", "10C", "AS": the name both copies share. */
export function cardName(card: CardId): string {
  return `${RANK_NAMES[rankOf(card) - 1]}${suitOf(card)}`;
}

/** Parses "7H" / "10c" / "qs" into rank and suit; null when it is not a card. */
export function parseCardName(text: string): { rank: Rank; suit: Suit } | null {
  const match = /^(A|[2-9]|10|J|Q|K)([SHDC])$/i.exec(text.trim());
  if (!match) return null;
  const rank = RANK_NAMES.indexOf(match[1]!.toUpperCase() as (typeof RANK_NAMES)[number]) + 1;
  return { rank, suit: match[2]!.toUpperCase() as Suit };
}

/** Both copies of the card named by text, copy 0 first; empty when the text is not a card. */
export function copiesNamed(text: string): CardId[] {
  const parsed = parseCardName(text);
  if (!parsed) return [];
  return Array.from({ length: DECK_COPIES }, (_, copy) => cardId(parsed.rank, parsed.suit, copy));
}

/** The full 104-card deck in a fixed order. */
export function fullDeck(): CardId[] {
  return Array.from({ length: CARD_COUNT }, (_, i) => i);
}

/** Sort for reading: by suit, then rank, then copy. */
export function compareBySuit(a: CardId, b: CardId): number {
  return (a % CARDS_PER_DECK) - (b % CARDS_PER_DECK) || copyOf(a) - copyOf(b);
}

/** Sort for reading: by rank, then suit, then copy. */
export function compareByRank(a: CardId, b: CardId): number {
  return rankOf(a) - rankOf(b) || compareBySuit(a, b);
}

/**
 * Compact literal for tests and tools: "4C 5C 6C". A name repeated in one list
 * means the other copy ("7H 7H" is both sevens of hearts). Throws on a bad
 * literal, since literals are written by programmers, never by players.
 */
export function cards(literal: string): CardId[] {
  const used = new Map<string, number>();
  return literal
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((text) => {
      const copies = copiesNamed(text);
      const next = used.get(text.toUpperCase()) ?? 0;
      const card = copies[next];
      if (card === undefined)
        throw new Error(`not a card, or more than ${DECK_COPIES} copies: ${text}`);
      used.set(text.toUpperCase(), next + 1);
      return card;
    });
}
