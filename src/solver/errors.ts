/** A programme outgrew its budget of states: no answer rather than a wrong one. */
export class TooComplexError extends Error {
  constructor(readonly states: number) {
    super(tooComplexReason(states));
  }
}

/** Why a position gets no answer: the states it needs. */
export function tooComplexReason(states: number): string {
  return `the position needs more than ${states} states`;
}
