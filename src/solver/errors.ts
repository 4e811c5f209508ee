/** A programme outgrew its budget of states: no answer rather than a wrong one. */
export class TooComplexError extends Error {
  constructor(readonly states: number) {
    super(`the position needs more than ${states} states`);
  }
}
