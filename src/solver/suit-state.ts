// The rank programme's state of one suit after a rank: its open runs, the
// status of the original runs still in play and the closed incoming pieces.
// States are numbered per suit and rank (a space), and a layer's key packs the
// four suits' ids.

import { sortShort } from "./arrays";
import { TooComplexError } from "./errors";

// Run tags: the original meld an open run is matched to (an index), or:
// FREE (from future.ts, which bounds what such a run may still claim): matched to nothing yet
export const DONE = -2; // matched to a meld that has no more cards ahead
// Tags of incoming pieces (the part of a cut-crossing run after the cut):
export const PIECE_FREE = -1; // matched to nothing
export const PIECE_CLAIMED = -2; // matched to something within the piece
// (a tag >= 0: matched to that original run, which also crosses the cut)

// Status of an original run still in play:
export const UNMATCHED = 0;
export const TAKEN = 1;
export const RESERVED = 2; // taken by an incoming piece; its part before the cut may join
export const RESERVED_JOINED = 3; // and an open run before the cut has joined it

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

/** Bits of a suit state's id: a layer's key packs four, 52 bits, exact in a double. */
const ID_BITS = 13;
const ID_BASE = 1 << ID_BITS;
export const POW = [1, ID_BASE, ID_BASE ** 2, ID_BASE ** 3];
const HALF = ID_BASE * ID_BASE;

/** A layer's key: the four suits' state ids. */
export function keyOf(ids: readonly number[]): number {
  return ids.reduce((key, id, s) => key + id * POW[s]!, 0);
}

/** Suit s's state id in a layer's key. */
export function digit(key: number, s: number): number {
  // Two suits per half, each half small enough for integer arithmetic.
  const high = Math.floor(key / HALF);
  const half = s < 2 ? key - high * HALF : high;
  return s % 2 === 0 ? half & (ID_BASE - 1) : half >>> ID_BITS;
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

  /** The id of `state` in a space: a new one when no equal state has one. */
  intern(space: number, state: SuitState): number {
    const hash = stateHash(state);
    const found = this.find(space, hash, state);
    if (found >= 0) return found;
    const states = (this.states[space] ??= []);
    const ids = (this.ids[space] ??= new Map());
    const id = states.length;
    if (id >= ID_BASE) throw new TooComplexError(id);
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

export function withPiece(pieces: readonly Piece[], piece: Piece): Piece[] {
  return sortShort([...pieces, piece], comparePieces);
}

export function comparePieces(a: Piece, b: Piece): number {
  return a.post - b.post || a.tag - b.tag;
}

export function compareRuns(a: Run, b: Run): number {
  return Number(a.inc) - Number(b.inc) || a.tag - b.tag || a.len - b.len;
}

export function statusOf(status: readonly number[], origin: number): number {
  for (let j = 0; j < status.length; j += 2) if (status[j] === origin) return status[j + 1]!;
  return -1;
}

export function setStatus(status: number[], origin: number, value: number): void {
  for (let j = 0; j < status.length; j += 2) if (status[j] === origin) status[j + 1] = value;
}
