// The life of a play (§5): it opens with the first card moved or declared,
// lasts at most 40 s, and ends when the player ends it, when time runs out,
// when the player's work is back in order, or by Cancel. Ending it judges it.
// Here too the commands that play cards: lay, add, place, end, cancel.

import { cardName } from "./cards";
import { applyUndo, chainClosure, judgedValid, judgeOf, meldsTouched } from "./chain";
import { type CommandHandlers, type Rejection, reject } from "./commands";
import { emit, type Draft } from "./draft";
import type { PlayEndReason, PlayOutcome, UndoCause } from "./engine-events";
import { checkMeld } from "./melds";
import { afterPlayEnd } from "./outcome";
import {
  CHAIN_REACH_MS,
  handOf,
  type HandState,
  meldOf,
  type Millis,
  openPlayOf,
  type Play,
  type PlayId,
  PLAY_LIMIT_MS,
  returnToHand,
  type Seat,
  takeFromHand,
} from "./state";
import { isOwnCard, meldsOfStep, recordStep, splitIfLong } from "./table";

/** The seat's open play, opened now if there is none; the «Stop!» caller's lasts the freeze (§9). */
export function ensurePlay(draft: Draft, seat: Seat): Play {
  const { state } = draft;
  const player = state.players[seat]!;
  const current = state.plays.find((p) => p.id === player.play);
  if (current) return current;
  const freeze = state.freeze?.seat === seat ? state.freeze : null;
  const play: Play = {
    id: state.nextPlayId++,
    seat,
    start: state.now,
    deadline: freeze?.deadline ?? state.now + PLAY_LIMIT_MS,
    open: true,
    endedAt: null,
    laid: false,
    lays: [],
    freeze: freeze !== null,
  };
  state.plays.push(play);
  player.play = play.id;
  emit(draft, { type: "playStarted", seat, play: play.id, deadline: play.deadline });
  return play;
}

/**
 * Ends a play and judges it (§5.4). The pieces left invalid fall with all
 * that depends on them (§5.5); Cancel takes back all of it. A play that moved
 * table cards but ends with none of its own cards on the table is undone
 * entirely (§5.3), except the «Stop!» caller's during the freeze, which is all
 * or nothing (§9). Declared cards left unplaced go back to the hand, and any
 * forced draw owed meanwhile is handed over (§7).
 */
export function endPlay(draft: Draft, play: Play, reason: PlayEndReason): void {
  const { state } = draft;
  const judge = judgeOf(draft, play.id);
  const steps = () => state.log.filter((s) => s.play === play.id);
  const all = () =>
    chainClosure(
      judge,
      steps().map((s) => s.id),
    );
  const none = new Set<number>();
  const takeAll = reason === "cancelled" || reason === "tie-break over";
  const invalid = takeAll
    ? null
    : new Set(meldsTouched(steps(), none).filter((m) => !judgedValid(judge, play.id, m, none)));
  let removed = chainClosure(
    judge,
    steps()
      .filter((s) => invalid === null || meldsOfStep(s).some((m) => invalid.has(m)))
      .map((s) => s.id),
  );
  const kept = steps().filter((s) => !removed.has(s.id));
  if (play.freeze ? removed.size > 0 : kept.length > 0 && !kept.some(isOwnCard)) removed = all();

  const player = state.players[play.seat]!;
  play.open = false;
  play.endedAt = state.now;
  player.play = null;
  letGoOfHold(draft, play.seat, "declaration withdrawn");
  const returned = player.staging;
  returnToHand(state, play.seat, returned);
  player.staging = [];
  const ownSteps = steps().length;
  const fell = steps().filter((s) => removed.has(s.id)).length;
  const kind: UndoCause["kind"] =
    reason === "cancelled"
      ? "cancelled"
      : reason === "tie-break over"
        ? "expired"
        : fell === 0
          ? "confirmed"
          : fell === ownSteps
            ? "failed"
            : "partly undone";
  applyUndo(draft, removed, { seat: play.seat, play: play.id, kind }, judge.open);
  const surviving = state.log.filter((s) => s.play === play.id);
  play.laid = play.lays.some((lay) => lay.every((id) => surviving.some((s) => s.id === id)));
  const keptOwn = surviving.some(isOwnCard);
  if (keptOwn) state.progressAt = state.now;
  // Counted from what fell: a run made too long by the undo may have been split by this play's step.
  const outcome: PlayOutcome =
    ownSteps === 0
      ? "empty"
      : fell === 0
        ? "confirmed"
        : fell === ownSteps
          ? "undone"
          : "partly undone";
  emit(draft, { type: "playEnded", seat: play.seat, play: play.id, reason, outcome, returned });
  state.plays = state.plays.filter((p) => p.id !== play.id || surviving.length > 0);
  handOverOwedDraws(draft, play.seat);
  afterPlayEnd(draft, play, keptOwn);
}

/**
 * The player's hold ends with the card unmoved: its 10 s ran out, they let go,
 * or their declaration went. Until they put another card somewhere (or someone
 * else moves the card) they may not take it again (§6), or a holder could
 * block it for ever by taking it back the instant it is free.
 */
export function letGoOfHold(
  draft: Draft,
  seat: Seat,
  reason: "expired" | "released" | "declaration withdrawn",
): void {
  const player = draft.state.players[seat]!;
  if (!player.hold) return;
  emit(draft, { type: "released", seat, card: player.hold.card, reason });
  player.letGo = player.hold.card;
  player.hold = null;
}

/** §7 extreme case: the forced draws that fell during a staging play come now. */
function handOverOwedDraws(draft: Draft, seat: Seat): void {
  const player = draft.state.players[seat]!;
  if (player.status !== "playing") player.owedDraws = 0;
  for (; player.owedDraws > 0; player.owedDraws--) {
    const card = player.stock.shift();
    if (card === undefined) continue;
    player.hand.push(card);
    emit(draft, { type: "drew", seat, card, forced: true });
  }
}

/**
 * The player's work is back in order (§5, decided in docs/rules-decisions.md):
 * nothing declared and nothing held, and either every meld the play touched
 * passes judgement, or none of the player's own cards is on the table any more
 * (so there is nothing left to finish: without declared cards the table cannot
 * be touched).
 */
function backInOrder(draft: Draft, play: Play): boolean {
  const player = draft.state.players[play.seat]!;
  if (player.staging.length > 0 || player.hold) return false;
  const steps = draft.state.log.filter((s) => s.play === play.id);
  if (!steps.some(isOwnCard)) return true;
  const judge = judgeOf(draft);
  const none = new Set<number>();
  return meldsTouched(steps, none).every((m) => judgedValid(judge, play.id, m, none));
}

/**
 * Ends every open play whose work is back in order, until none is left to end;
 * never during a freeze (§9). When a chain undo puts several back in order at
 * once, the one whose first card reached the table first ends first (the
 * earlier card stands), never the one opened first (§5.5).
 */
export function settlePlays(draft: Draft): void {
  for (;;) {
    const { state } = draft;
    if (state.freeze || state.outcome) return;
    const first = (play: Play) => {
      const at = state.log.findIndex((s) => s.play === play.id);
      return at < 0 ? state.log.length : at;
    };
    const play = state.plays
      .filter((p) => p.open && backInOrder(draft, p))
      .sort((a, b) => first(a) - first(b) || a.seat - b.seat)[0];
    if (!play) return;
    endPlay(draft, play, "in order");
  }
}

/**
 * When each logged step is folded into the base, by index. A finished play is
 * final 40 s after its last step still on the table, the longest a play it
 * leaned on could still have been open (§5.5). Steps are folded in log order,
 * so a step also waits for every play logged before it; and a play's steps are
 * folded all together, or a chain reaching its later steps could no longer take
 * it "entirely" (after a freeze a play logged between them may still be open).
 * null while one of those is still open (its end is not known yet).
 */
function foldTimes(state: HandState): (Millis | null)[] {
  const open = new Set(state.plays.filter((p) => p.open).map((p) => p.id));
  const last = new Map<PlayId, { at: Millis; index: number }>();
  state.log.forEach((step, index) => last.set(step.play, { at: step.at, index }));
  let latest: Millis | null = -Infinity;
  const upTo = state.log.map((step) => {
    if (latest !== null)
      latest = open.has(step.play)
        ? null
        : Math.max(latest, last.get(step.play)!.at + CHAIN_REACH_MS);
    return latest;
  });
  // The log may be cut after step i only if no play logged up to i has a step after it;
  // each step is folded with the shortest prefix that can be cut.
  let runsTo = -1;
  const cuttable = state.log.map(
    (step, i) => (runsTo = Math.max(runsTo, last.get(step.play)!.index)) === i,
  );
  const times: (Millis | null)[] = [];
  for (let i = state.log.length - 1, cut = i; i >= 0; i--) {
    if (cuttable[i]) cut = i;
    times[i] = upTo[cut] as Millis | null;
  }
  return times;
}

/**
 * Folds the steps of final plays into the base. Only a prefix of the log is
 * folded, so base + log always replays to the live table and every judged view
 * of an earlier moment stays exact; a play behind a younger one waits for it.
 * Finished plays with nothing left in the log are safe.
 */
export function finalizeSteps(draft: Draft): void {
  const { state } = draft;
  const times = foldTimes(state);
  let folded = 0;
  while (folded < times.length && times[folded] !== null && times[folded]! <= state.now) folded++;
  if (folded === 0) return;
  const final = state.log.slice(0, folded);
  state.log = state.log.slice(folded);
  for (const step of final) {
    if (typeof step.from === "number") {
      const from = state.base.find((m) => m.id === step.from);
      if (from) from.cards = from.cards.filter((c) => c !== step.card);
    }
    const to = state.base.find((m) => m.id === step.to);
    if (to) to.cards = [...to.cards, step.card].sort((a, b) => a - b);
    else state.base.push({ id: step.to, cards: [step.card] });
  }
  state.base = state.base.filter((m) => m.cards.length > 0).sort((a, b) => a.id - b.id);
  for (const play of state.plays.filter((p) => !p.open)) {
    if (state.log.some((s) => s.play === play.id)) continue;
    if (play.laid) state.players[play.seat]!.achieved.laidMeld = true;
    emit(draft, { type: "final", seat: play.seat, play: play.id });
  }
  state.plays = state.plays.filter((p) => p.open || state.log.some((s) => s.play === p.id));
}

/**
 * When each finished play in the chain's reach becomes final ("not yet safe",
 * §5.5): when its last step is folded. null while that waits for a play still
 * open, and during a freeze, whose length (and the full 40 s the suspended
 * plays get after it, §9) is not known yet.
 */
export function safeTimes(state: HandState): Map<PlayId, Millis | null> {
  const times = foldTimes(state);
  const safe = new Map<PlayId, Millis | null>();
  state.log.forEach((step, i) =>
    safe.set(step.play, state.freeze ? null : (times[i] as Millis | null)),
  );
  return safe;
}

/** When the oldest logged step becomes final, or null. */
export function nextFinality(state: HandState): number | null {
  return foldTimes(state)[0] ?? null;
}

/** The right to touch table cards lasts while something is declared (§5.3), or the caller's freeze (§9). */
export function dropHoldIfUndeclared(draft: Draft, seat: Seat): void {
  const player = draft.state.players[seat]!;
  if (player.staging.length > 0 || draft.state.freeze?.seat === seat) return;
  letGoOfHold(draft, seat, "declaration withdrawn");
}

/** Ends the seat's open play, if it has one. */
function endOwnPlay(draft: Draft, seat: Seat, reason: "ended" | "cancelled"): Rejection | null {
  const play = openPlayOf(draft.state, seat);
  if (!play) return reject("no-open-play", "you have no open play");
  endPlay(draft, play, reason);
  return null;
}

export const playCommands: CommandHandlers<"lay" | "add" | "place" | "end" | "cancel"> = {
  lay(draft, seat, command) {
    const { state } = draft;
    const player = state.players[seat]!;
    const cards = command.cards ?? [...player.staging];
    if (cards.length === 0)
      return reject("not-declared", "your staging area is empty: there is nothing to lay (§5.1)");
    const missing = cards.find((c) => !player.staging.includes(c));
    if (missing !== undefined)
      return reject("card-not-here", `${cardName(missing)} is not in your staging area`);
    if (new Set(cards).size !== cards.length) return reject("malformed", "a card is listed twice");
    const check = checkMeld(draft.rules, cards);
    if (!check.ok) return reject("invalid-meld", `not a valid meld: ${check.reason} (§5.1)`);
    const play = ensurePlay(draft, seat);
    const meld = state.nextMeldId++;
    player.staging = player.staging.filter((c) => !cards.includes(c));
    const steps = check.ordered.map((card) =>
      recordStep(draft, { card, from: "staging", to: meld, seat, play: play.id }),
    );
    play.lays.push(steps.map((s) => s.id));
    emit(draft, { type: "laid", seat, play: play.id, meld, cards: check.ordered });
    splitIfLong(draft, meld, [], steps[steps.length - 1]!);
    dropHoldIfUndeclared(draft, seat);
    return null;
  },

  add(draft, seat, { card, meld: meldId }) {
    const { state } = draft;
    if (state.players[seat]!.staging.length > 0)
      return reject(
        "staging-not-empty",
        "your staging area holds cards: finish the declared play before playing from your hand (§5.3)",
      );
    if (!handOf(state, seat).includes(card))
      return reject("card-not-here", `${cardName(card)} is not in your hand`);
    if (meldId === "new")
      return reject(
        "single-card",
        "a single card from your hand never opens a new meld: stage the cards and lay them (§5.3)",
      );
    const meld = meldOf(state, meldId);
    if (!meld) return reject("no-such-meld", `there is no meld ${meldId} on the table`);
    const play = ensurePlay(draft, seat);
    const earlier = [...meld.cards];
    takeFromHand(state, seat, card);
    const step = recordStep(draft, { card, from: "hand", to: meld.id, seat, play: play.id });
    emit(draft, { type: "added", seat, play: play.id, card, meld: meld.id });
    splitIfLong(draft, meld.id, earlier, step);
    return null;
  },

  place(draft, seat, { card, to: where }) {
    const { state } = draft;
    const player = state.players[seat]!;
    if (!player.staging.includes(card))
      return reject("card-not-here", `${cardName(card)} is not in your staging area`);
    const target = where === "new" ? null : meldOf(state, where);
    if (where !== "new" && !target)
      return reject("no-such-meld", `there is no meld ${where} on the table`);
    const play = openPlayOf(state, seat)!;
    const to = target?.id ?? state.nextMeldId++;
    const earlier = target ? [...target.cards] : [];
    player.staging = player.staging.filter((c) => c !== card);
    const step = recordStep(draft, { card, from: "staging", to, seat, play: play.id });
    emit(draft, { type: "placed", seat, play: play.id, card, meld: to });
    splitIfLong(draft, to, earlier, step);
    dropHoldIfUndeclared(draft, seat);
    return null;
  },

  end(draft, seat) {
    if (draft.state.freeze?.seat === seat)
      return reject(
        "in-freeze",
        "during your freeze the play ends when you go out, give up or time runs out (§9)",
      );
    return endOwnPlay(draft, seat, "ended");
  },

  cancel: (draft, seat) => endOwnPlay(draft, seat, "cancelled"),
};
