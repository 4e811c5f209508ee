/**
 * What a search for an arrangement worth a goal ends in: the reduced search's
 * answer (reduced.ts), which the relaxation's branch and bound (bound.ts)
 * takes at its nodes. Its own module, so that bound.ts need not import
 * reduced.ts, which imports it.
 */
export type SearchOutcome = "found" | "none" | "unsure";
