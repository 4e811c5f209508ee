// Judgement (§5.4) and the chain undo (§5.5), computed on the log of table steps.
//
// A play's work on a meld is judged in the state its own last move on that meld
// produced, with other players' cards on trial left out unless the play needed
// them. The chain undo removes steps: a removed step sends its card back where
// it came from, so every later step of that card falls and whoever took it
// falls with it (the card track) — except a move given up after ping-pong (§6),
// whose card stays where the later moves put it; every play whose judged view
// of a meld was in order before and is not once everything else that falls is
// gone needed what went away, and falls too (the meld track). A finished play falls entirely, an
// open one loses only the connected piece. The verdicts are a fixed point that
// does not depend on the order plays were opened in. When a play ends, its
// surviving cards stop being on trial: a finished play that had confirmed by
// leaving them out is judged again with them (see docs/rules-decisions.md, §5.4).

import type { CardId } from "./cards";
import { emit, type Draft } from "./draft";
import type { UndoCause, UndoneCard } from "./engine-events";
import {
  type HandState,
  meldHolding,
  type MeldId,
  type PlayId,
  returnToHand,
  type Step,
} from "./state";
import { inOrder, meldsOfStep, replayTable, rerouted, splitRunsLongAfterUndo } from "./table";

/** The steps an undo takes away, as far as a judgement needs to know. */
type Removed = { has(step: number): boolean };

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
  removed: Removed,
  open: ReadonlySet<PlayId> = judge.open,
  /** The logged steps into or out of the meld, in order, when the caller has them. */
  touching: readonly Step[] = judge.draft.state.log.filter((s) => s.to === meld || s.from === meld),
): boolean {
  const last = touching.findLastIndex((s) => s.play === play && !removed.has(s.id));
  if (last < 0) return true;
  const broughtBy = new Map<CardId, PlayId | null>(
    (judge.draft.state.base.find((m) => m.id === meld)?.cards ?? []).map((c) => [c, null]),
  );
  for (let i = 0; i <= last; i++) {
    const s = touching[i]!;
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

/**
 * §6 ping-pong: "the others must give it up". Once a card is reserved, the
 * other plays' moves of it across the table until then are given up (a move
 * after the winner's play ended is an ordinary one): undoing one sends
 * the card nowhere, so nobody's later move of it leans on it and the winner
 * does not fall when a loser gives up, however late (docs/rules-decisions.md).
 * A card a loser brought from their own hand is still theirs and goes back.
 */
function givenUpIn(state: HandState): (step: Step) => boolean {
  return (s) =>
    typeof s.from === "number" &&
    s.cause === null &&
    state.reserved.some((r) => r.card === s.card && r.others.includes(s.play) && s.id <= r.step);
}

/** The melds a play touched with its steps still in the log. */
export function meldsTouched(steps: readonly Step[], removed: ReadonlySet<number>): MeldId[] {
  const melds = new Set<MeldId>();
  for (const s of steps) if (!removed.has(s.id)) meldsOfStep(s).forEach((m) => melds.add(m));
  return [...melds];
}

/**
 * What falls with the steps `initial` (§5.5): "the undo reaches exactly as far
 * as the dependencies reach, and no further".
 *
 * The card track: whoever used a card that goes back falls with it — every
 * later step of that card, and a finished play that took one falls entirely.
 * The meld track: a play whose judged view of a meld was in order and is not
 * once everything else that falls is gone needed it — a finished play falls
 * entirely, an open one loses its steps on that meld.
 *
 * Whether a play needed what goes depends on what else goes (the 8♣ that
 * needed a fallen 7♣ leaves 3-4-5-6♣ valid), so the verdicts are a fixed
 * point: every unit is judged against everything else falling (never against
 * its own fall), in the order of its first step on the table, and the sweeps
 * repeat until no verdict changes. Nothing here follows the order in which
 * plays were opened. After as many sweeps as there are units, a unit may
 * still start falling but no longer stop, so the sweeps end.
 */
export function chainClosure(judge: Judge, initial: Iterable<number>): Set<number> {
  const { log, plays } = judge.draft.state;
  const givenUp = givenUpIn(judge.draft.state);
  const seed = [...initial];
  const empty = new Set<number>();
  const openAfter = new Set([...judge.open].filter((id) => id !== judge.ending));
  if (seed.length === 0 && !rejudgementFails(judge, openAfter)) return empty;
  const stepsOf = new Map<PlayId, Step[]>(plays.map((p) => [p.id, []]));
  for (const s of log) stepsOf.get(s.play)?.push(s);
  const touching = new Map<MeldId, Step[]>();
  for (const s of log)
    for (const m of meldsOfStep(s)) {
      const list = touching.get(m);
      if (list) list.push(s);
      else touching.set(m, [s]);
    }
  // A verdict depends only on which of the meld's steps up to the play's last one go: sweeps reuse it.
  const verdicts = new Map<string, boolean>();
  const valid = (play: PlayId, meld: MeldId, removed: Removed, open = judge.open) => {
    const steps = touching.get(meld) ?? [];
    const last = steps.findLastIndex((s) => s.play === play && !removed.has(s.id));
    if (last < 0) return true;
    const gone = steps
      .slice(0, last + 1)
      .filter((s) => removed.has(s.id))
      .map((s) => s.id);
    const key = `${play}:${meld}:${open === openAfter ? "after" : ""}:${gone.join(",")}`;
    let verdict = verdicts.get(key);
    if (verdict === undefined) {
      verdict = judgedValid(judge, play, meld, removed, open, steps);
      verdicts.set(key, verdict);
    }
    return verdict;
  };
  const validBefore = (play: PlayId, meld: MeldId) => valid(play, meld, empty);
  // A unit falls as one: a finished play, or an open play's work on one meld.
  const units = new Map<string, Step[]>();
  for (const play of plays) {
    const steps = stepsOf.get(play.id)!;
    if (!judge.open.has(play.id)) units.set(`${play.id}`, steps);
    else
      for (const meld of meldsTouched(steps, empty))
        units.set(
          `${play.id}:${meld}`,
          steps.filter((s) => meldsOfStep(s).includes(meld)),
        );
  }
  // For each step, the earlier steps of its card by other plays that it leans on; the finished plays whose cards others moved later.
  const earlier = new Map<number, number[]>();
  const leadsOn = new Set<string>();
  const stepsOfCard = new Map<CardId, Step[]>();
  for (const s of log) {
    const before = (stepsOfCard.get(s.card) ?? []).filter((t) => t.play !== s.play && !givenUp(t));
    earlier.set(
      s.id,
      before.map((t) => t.id),
    );
    for (const t of before) if (!judge.open.has(t.play)) leadsOn.add(`${t.play}`);
    stepsOfCard.set(s.card, [...(stepsOfCard.get(s.card) ?? []), s]);
  }
  const closures = new Map<string, Set<number>>();
  const removedBy = (fallen: readonly string[]): Set<number> => {
    const key = fallen.join(" ");
    const known = closures.get(key);
    if (known) return known;
    const removed = new Set(seed);
    for (const unit of fallen) for (const s of units.get(unit)!) removed.add(s.id);
    for (let grew = true; grew;) {
      grew = false;
      // The card track, and splits whose cause went: one forward pass, both point back in time.
      const returned = new Set<CardId>();
      for (const s of log) {
        if (
          !removed.has(s.id) &&
          (returned.has(s.card) || (s.cause !== null && removed.has(s.cause)))
        )
          removed.add(s.id);
        if (!removed.has(s.id)) continue;
        if (!givenUp(s)) returned.add(s.card);
        // A finished play that used a card going back falls entirely (a split is the system's, not a use).
        if (s.cause !== null || judge.open.has(s.play)) continue;
        for (const t of stepsOf.get(s.play)!) {
          if (removed.has(t.id)) continue;
          removed.add(t.id);
          grew = true;
        }
      }
    }
    closures.set(key, removed);
    return removed;
  };
  // Each unit is judged as if it stayed: against the others' fall, not its own. A finished
  // play whose cards nobody moved after it only takes its own steps with it.
  const falls = (unit: string, fallen: ReadonlySet<string>, all: Set<number>): boolean => {
    const steps = units.get(unit)!;
    const [play, meld] = unit.split(":").map(Number) as [PlayId, MeldId | undefined];
    let removed: Removed = all;
    if (fallen.has(unit) && meld === undefined && !leadsOn.has(unit)) {
      if (steps.some((s) => s.cause === null && earlier.get(s.id)!.some((t) => all.has(t))))
        return false; // the card track takes it anyway
      const own = new Set(steps.map((s) => s.id));
      removed = { has: (id) => all.has(id) && !own.has(id) };
    } else if (fallen.has(unit)) removed = removedBy([...fallen].filter((u) => u !== unit).sort());
    // A finished play the card track reaches falls anyway.
    if (meld === undefined && steps.some((s) => s.cause === null && removed.has(s.id)))
      return false;
    const affected = (m: MeldId) =>
      touching.get(m)!.some((s) => removed.has(s.id) || s.play === judge.ending);
    const open = meld === undefined ? openAfter : judge.open;
    const melds = meld === undefined ? meldsTouched(steps, empty) : [meld];
    return melds.some((m) => affected(m) && validBefore(play, m) && !valid(play, m, removed, open));
  };
  // Units in the order of their first step on the table: never the order plays were opened in.
  const position = new Map(log.map((s, i) => [s.id, i]));
  const order = [...units.keys()].sort((a, b) => {
    const first = (u: string) => position.get(units.get(u)![0]!.id)!;
    return first(a) - first(b) || a.localeCompare(b);
  });
  const fallen = new Set<string>();
  for (let sweep = 0, changed = true; changed; sweep++) {
    changed = false;
    let all = removedBy([...fallen].sort());
    for (const unit of order) {
      const verdict = falls(unit, fallen, all);
      if (verdict === fallen.has(unit) || (!verdict && sweep > units.size)) continue;
      if (verdict) fallen.add(unit);
      else fallen.delete(unit);
      all = removedBy([...fallen].sort());
      changed = true;
    }
  }
  return removedBy([...fallen].sort());
}

/**
 * With nothing taken away, only the end of the play being judged changes
 * anything: its cards stop being on trial. Does a finished play on one of its
 * melds, valid with them left out, fail with them counted (§5.4)?
 */
function rejudgementFails(judge: Judge, openAfter: ReadonlySet<PlayId>): boolean {
  const { log } = judge.draft.state;
  const melds = new Set(
    meldsTouched(
      log.filter((s) => s.play === judge.ending),
      new Set(),
    ),
  );
  const checked = new Set<string>();
  return log.some((s) => {
    if (judge.open.has(s.play)) return false;
    return meldsOfStep(s).some((m) => {
      const key = `${s.play}:${m}`;
      if (!melds.has(m) || checked.has(key)) return false;
      checked.add(key);
      const none = new Set<number>();
      return judgedValid(judge, s.play, m, none) && !judgedValid(judge, s.play, m, none, openAfter);
    });
  });
}

/**
 * Takes the steps away: the table is rebuilt from base + the remaining log;
 * cards whose first removed step came from a player go back to that player
 * (to the staging area if their play is still open and they came from there).
 * Emits a notice for every play hit, naming every card it lost (§5.5).
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
  state.log = rerouted(
    state.base,
    state.log.filter((s) => !removed.has(s.id)),
  );
  state.table = replayTable(state.base, state.log);
  // Where each card goes: back where its first step to fall took it from, a table card
  // given up after ping-pong stays where it is.
  const back = new Map<CardId, UndoneCard>();
  const stayed = new Set<CardId>();
  for (const s of gone) {
    if (back.has(s.card)) continue;
    if (typeof s.from === "number") {
      const to = meldHolding(state, s.card)!.id;
      if (before.find((m) => m.cards.includes(s.card))?.id === to) stayed.add(s.card);
      back.set(s.card, { card: s.card, to });
      continue;
    }
    const player = state.players[s.seat]!;
    const to = s.from === "staging" && player.play === s.play ? "staging" : "hand";
    if (to === "staging") player.staging.push(s.card);
    else returnToHand(state, s.seat, [s.card]);
    back.set(s.card, { card: s.card, to, seat: s.seat });
  }
  // Every play hit hears of each card it lost, also one that only moved a card someone had moved before.
  const undone = new Map<PlayId, { seat: number; cards: UndoneCard[] }>();
  for (const s of gone) {
    const entry = undone.get(s.play) ?? { seat: s.seat, cards: [] };
    if (!entry.cards.some((c) => c.card === s.card)) entry.cards.push(back.get(s.card)!);
    undone.set(s.play, entry);
  }
  const seen = new Set([...back.keys()].filter((c) => !stayed.has(c)));
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
