// Classic Machiavelli's cards: the two decks of src/engine/cards.ts (ids 0..103)
// and, for Tahiti, four jokers (ids 104..107, all alike: classic §8).

import {
  CARD_COUNT,
  type CardId,
  cardName,
  compareBySuit,
  copiesNamed,
  isCardId,
  rankOf,
  suitOf,
} from "../cards";

export const JOKERS = 4;
export const FIRST_JOKER: CardId = CARD_COUNT;
export const JOKER_NAME = "JK";

export function isJoker(card: CardId): boolean {
  return card >= FIRST_JOKER && card < FIRST_JOKER + JOKERS;
}

/** A card id of either deck, or a joker when the game has them. */
export function isClassicCard(value: unknown, jokers: boolean): value is CardId {
  return isCardId(value) || (jokers && typeof value === "number" && isJoker(value));
}

/** The deck of a game: 104 cards, plus the jokers for Tahiti. */
export function classicDeck(jokers: boolean): CardId[] {
  return Array.from({ length: CARD_COUNT + (jokers ? JOKERS : 0) }, (_, i) => i);
}

/** "7H", "JK": the scenario format's name. */
export function classicName(card: CardId): string {
  return isJoker(card) ? JOKER_NAME : cardName(card);
}

/** Every card a name may stand for: both copies, or the four jokers. */
export function classicCopiesNamed(text: string): CardId[] {
  if (text.trim().toUpperCase() === JOKER_NAME)
    return Array.from({ length: JOKERS }, (_, i) => FIRST_JOKER + i);
  return copiesNamed(text);
}

const SYMBOLS: Record<string, string> = { S: "♠", H: "♥", D: "♦", C: "♣" };

/** "7♥", "joker": the name in a player's reason. */
export function label(card: CardId): string {
  if (isJoker(card)) return "joker";
  const name = cardName(card);
  return name.slice(0, -1) + SYMBOLS[suitOf(card)]!;
}

export function labels(cards: readonly CardId[]): string {
  return cards.map(label).join(" ");
}

/** Thirty-Six's opening count (classic §8): Ace 1, 2–10 face value, J Q K 10. */
export function openingPoints(rank: number): number {
  return Math.min(rank, 10);
}

/** Tahiti's end scores (classic §8): 2–10 face value, face cards 10, Aces 11, jokers 30. */
export function tahitiPoints(card: CardId): number {
  if (isJoker(card)) return 30;
  const rank = rankOf(card);
  return rank === 1 ? 11 : Math.min(rank, 10);
}

/** Reading order for a hand: by suit, then rank, then copy; jokers last. */
export function compareClassic(a: CardId, b: CardId): number {
  const ja = isJoker(a);
  const jb = isJoker(b);
  if (ja || jb) return ja === jb ? a - b : ja ? 1 : -1;
  return compareBySuit(a, b);
}
