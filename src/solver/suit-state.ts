// The rank programme's state of one suit after a rank: its open runs, the
// status of the original runs still in play and the closed incoming pieces
// (their tags and statuses are suit-step.ts's), and the store numbering them
// per suit and rank (a space).

import { TooComplexError } from "./errors";

export interface Run {
  len: number;
  tag: number;
  inc: boolean;
}

export interface Piece {
  post: number;
  tag: number;
}

export interface SuitState {
  runs: Run[];
  /** pairs (original run index, status), sorted by index */
  status: number[];
  pieces: Piece[];
}

/**
 * Suit states by space (i * SUIT_COUNT + s: suit s before processing index
 * i), each space numbering its own, so the ids a layer's keys hold are
 * bounded per suit and rank rather than over the whole programme.
 */
export class SuitStates {
  private readonly states: SuitState[][] = [];
  /** per space: the ids of its states by stateHash (a list only where hashes collide) */
  private readonly ids: Map<number, number | number[]>[] = [];

  /** `limit`: the ids a space may number (a layer's key packs them) */
  constructor(private readonly limit: number) {}

  /** The id of `state` in a space: a new one when no equal state has one. */
  intern(space: number, state: SuitState): number {
    const hash = stateHash(state);
    const found = this.find(space, hash, state);
    if (found >= 0) return found;
    const states = (this.states[space] ??= []);
    const ids = (this.ids[space] ??= new Map());
    const id = states.length;
    if (id >= this.limit) throw new TooComplexError(id);
    states.push(state);
    const same = ids.get(hash);
    ids.set(hash, same === undefined ? id : typeof same === "number" ? [same, id] : [...same, id]);
    return id;
  }

  /** The id of a state equal to `state` in a space, or -1. */
  find(space: number, hash: number, state: SuitState): number {
    const same = this.ids[space]?.get(hash);
    if (same === undefined) return -1;
    const states = this.states[space]!;
    if (typeof same === "number") return sameState(states[same]!, state) ? same : -1;
    for (const id of same) if (sameState(states[id]!, state)) return id;
    return -1;
  }

  at(space: number, id: number): SuitState {
    return this.states[space]![id]!;
  }
}

/** A suit state's hash: equal states (sameState) hash alike. */
export function stateHash(state: SuitState): number {
  const { runs, status, pieces } = state;
  let h = (runs.length * 16 + pieces.length) * 64 + status.length;
  for (const r of runs) h = mix(mix(h, r.len * 2 + (r.inc ? 1 : 0)), r.tag);
  for (const v of status) h = mix(h, v);
  for (const p of pieces) h = mix(mix(h, p.post), p.tag);
  return h;
}

function mix(h: number, v: number): number {
  return (Math.imul(h, 0x01000193) ^ (v + 4)) | 0;
}

function sameState(a: SuitState, b: SuitState): boolean {
  if (a.runs.length !== b.runs.length || a.status.length !== b.status.length) return false;
  if (a.pieces.length !== b.pieces.length) return false;
  for (let j = 0; j < a.runs.length; j++) {
    const x = a.runs[j]!;
    const y = b.runs[j]!;
    if (x.len !== y.len || x.tag !== y.tag || x.inc !== y.inc) return false;
  }
  for (let j = 0; j < a.status.length; j++) if (a.status[j] !== b.status[j]) return false;
  for (let j = 0; j < a.pieces.length; j++) {
    const x = a.pieces[j]!;
    const y = b.pieces[j]!;
    if (x.post !== y.post || x.tag !== y.tag) return false;
  }
  return true;
}
