// Players' free text (reasons, reports) may carry Unicode's bidirectional controls: U+202E
// alone turns the rest of a line around, so a reason could rewrite what a moderator reads.
// They are dropped on input, and text shown amid other words is isolated. Pure: the pages use
// it too.

/** Embeddings, overrides, isolates and their pops, and the implicit marks (LRM, RLM, ALM). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

export function stripBidi(text: string): string {
  return text.replace(BIDI_CONTROLS, "");
}

/**
 * User text to put inside a sentence (where `<bdi>` cannot go): without controls of its own,
 * between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE, so its direction stays within it.
 */
export function isolate(text: string): string {
  return `\u2068${stripBidi(text)}\u2069`;
}
