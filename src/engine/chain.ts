// Judgement (§5.4) and the chain undo (§5.5), computed on the log of table steps.
//
// A play's work on a meld is judged in the state its own last move on that meld
// produced, with other players' cards on trial left out unless the play needed
// them. The chain undo removes steps: a removed step sends its card back where
// it came from, so every later step of that card falls (the card track); every
// play whose judged view of a meld was in order before and is not after needed
// what went away, and falls too (the meld track) — entirely if it had finished,
// only the steps on that meld if it is still open. This repeats until nothing
// more falls. When a play ends, its surviving cards stop being on trial: a
// finished play that had confirmed by leaving them out is judged again with
// them (see docs/rules-decisions.md, §5.4).

import type { CardId } from "./cards";
import { emit, type Draft } from "./draft";
import type { UndoCause, UndoneCard } from "./engine-events";
import { type MeldId, type PlayId, returnToHand, type Step } from "./state";
import { inOrder, meldsOfStep, replayTable, splitRunsLongAfterUndo } from "./table";

/** Above this many other players' cards on trial in one meld, only "all of them" is tried. */
const MAX_TRIAL_SUBSETS = 10;

export interface Judge {
  draft: Draft;
  /** Plays open when the judgement or the chain began: their cards are on trial. */
  open: ReadonlySet<PlayId>;
  /** The play being ended, if any: once it ends, its cards are on trial no more. */
  ending: PlayId | null;
}

export function judgeOf(draft: Draft, ending: PlayId | null = null): Judge {
  const open = new Set(draft.state.plays.filter((p) => p.open).map((p) => p.id));
  return { draft, open, ending };
}

/**
 * Is play `play`'s work on meld `meld` in order, with the steps in `removed`
 * taken away? The meld is looked at right after the play's last step on it;
 * other open plays' cards count only if some of them complete the meld.
 */
export function judgedValid(
  judge: Judge,
  play: PlayId,
  meld: MeldId,
  removed: ReadonlySet<number>,
  open: ReadonlySet<PlayId> = judge.open,
): boolean {
  const { log, base } = judge.draft.state;
  let last = -1;
  log.forEach((s, i) => {
    if (s.play === play && !removed.has(s.id) && (s.to === meld || s.from === meld)) last = i;
  });
  if (last < 0) return true;
  const broughtBy = new Map<CardId, PlayId | null>(
    (base.find((m) => m.id === meld)?.cards ?? []).map((c) => [c, null]),
  );
  for (let i = 0; i <= last; i++) {
    const s = log[i]!;
    if (removed.has(s.id)) continue;
    if (s.from === meld) broughtBy.delete(s.card);
    if (s.to === meld) broughtBy.set(s.card, s.play);
  }
  const own: CardId[] = [];
  const onTrial: CardId[] = [];
  for (const [card, by] of broughtBy) {
    if (by !== null && by !== play && open.has(by)) onTrial.push(card);
    else own.push(card);
  }
  const ok = (cards: CardId[]) => inOrder(judge.draft, cards);
  if (ok(own)) return true;
  if (onTrial.length > MAX_TRIAL_SUBSETS) return ok([...own, ...onTrial]);
  for (let mask = 1; mask < 1 << onTrial.length; mask++) {
    if (ok([...own, ...onTrial.filter((_, i) => mask & (1 << i))])) return true;
  }
  return false;
}

/** The melds a play touched with its steps still in the log. */
export function meldsTouched(steps: readonly Step[], removed: ReadonlySet<number>): MeldId[] {
  const melds = new Set<MeldId>();
  for (const s of steps) if (!removed.has(s.id)) meldsOfStep(s).forEach((m) => melds.add(m));
  return [...melds];
}

/** Closes a set of steps to undo over both tracks of §5.5. */
export function chainClosure(judge: Judge, initial: Iterable<number>): Set<number> {
  const { log, plays } = judge.draft.state;
  const removed = new Set(initial);
  const empty = new Set<number>();
  const openAfter = new Set([...judge.open].filter((id) => id !== judge.ending));
  const before = new Map<string, boolean>();
  const validBefore = (play: PlayId, meld: MeldId) => {
    const key = `${play}:${meld}`;
    if (!before.has(key)) before.set(key, judgedValid(judge, play, meld, empty));
    return before.get(key)!;
  };
  for (;;) {
    // The card track, and splits whose cause went: one forward pass suffices,
    // since both point back in time.
    const returned = new Set<CardId>();
    for (const s of log) {
      if (
        !removed.has(s.id) &&
        (returned.has(s.card) || (s.cause !== null && removed.has(s.cause)))
      )
        removed.add(s.id);
      if (removed.has(s.id)) returned.add(s.card);
    }
    const changed = log.filter((s) => removed.has(s.id) || s.play === judge.ending);
    const affected = new Set(meldsTouched(changed, empty));
    let grew = false;
    for (const play of plays) {
      const open = judge.open.has(play.id);
      const steps = log.filter((s) => s.play === play.id && !removed.has(s.id));
      for (const meld of meldsTouched(steps, removed)) {
        if (!affected.has(meld) || !validBefore(play.id, meld)) continue;
        // Open plays are judged by their own end; finished ones live with cards now confirmed.
        if (judgedValid(judge, play.id, meld, removed, open ? judge.open : openAfter)) continue;
        const falling = open ? steps.filter((s) => meldsOfStep(s).includes(meld)) : steps;
        falling.forEach((s) => removed.add(s.id));
        grew = true;
        if (!open) break;
      }
    }
    if (!grew) return removed;
  }
}

/**
 * Takes the steps away: the table is rebuilt from base + the remaining log;
 * cards whose first removed step came from a player go back to that player
 * (to the staging area if their play is still open and they came from there).
 * Emits a notice for every play hit. Returns the cards each seat got back.
 */
export function applyUndo(
  draft: Draft,
  removed: ReadonlySet<number>,
  cause: UndoCause,
  wasOpen: ReadonlySet<PlayId>,
): void {
  if (removed.size === 0) return;
  const { state } = draft;
  const gone = state.log.filter((s) => removed.has(s.id));
  const before = state.table;
  state.log = state.log.filter((s) => !removed.has(s.id));
  state.table = replayTable(state.base, state.log);
  const undone = new Map<PlayId, { seat: number; cards: UndoneCard[] }>();
  const seen = new Set<CardId>();
  for (const s of gone) {
    if (seen.has(s.card)) continue;
    seen.add(s.card);
    let to: UndoneCard["to"];
    if (typeof s.from === "number") to = s.from;
    else {
      const player = state.players[s.seat]!;
      to = s.from === "staging" && player.play === s.play ? "staging" : "hand";
      if (to === "staging") player.staging.push(s.card);
      else returnToHand(state, s.seat, [s.card]);
    }
    const entry = undone.get(s.play) ?? { seat: s.seat, cards: [] };
    entry.cards.push({ card: s.card, to });
    undone.set(s.play, entry);
  }
  for (const player of state.players) {
    if (player.hold && seen.has(player.hold.card)) {
      emit(draft, {
        type: "released",
        seat: state.players.indexOf(player),
        card: player.hold.card,
        reason: "moved away",
      });
      player.hold = null;
    }
  }
  for (const [play, { seat, cards }] of undone) {
    emit(draft, { type: "undone", seat, play, wasOpen: wasOpen.has(play), cause, cards });
  }
  splitRunsLongAfterUndo(draft, before);
  // A finished play with nothing left on the table is as if it never happened.
  state.plays = state.plays.filter((p) => p.open || state.log.some((s) => s.play === p.id));
}
