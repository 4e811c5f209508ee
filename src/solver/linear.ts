// The value of the relaxation's linear programme, exactly: the lowest the
// Lagrangian bound (bound.ts) can reach, which its subgradient steps approach
// only slowly and sometimes stop well above (up to 20 points after 3,000
// steps, the walk then proving a dozen caps empty one by one). A bounded
// revised simplex (big M, dense inverse of the basis) on the programme's few
// rows — one per kind with cards, one per original meld's single match, one
// for the count — with a column per meld copy and the original it is matched
// to (or none), one per kind of own card placed, and the rows' slacks.
// Its dual values are the prices at that value; the solver takes only the
// bound they give (any prices give a valid one, so a simplex that stops
// early costs only strength, never an answer): as prices for its searches,
// a vertex's are worse than the steps' (the branch and bound settled less).

const BIG = 1e5;
const TOLERANCE = 1e-7;
const PIVOT = 1e-9;
/** Degenerate pivots in a row after which the first improving column enters (no cycling). */
const DEGENERATE = 50;
/** Pivots between dual values worked out afresh (float drift). */
const REFRESH = 50;

export interface LinearProgramme {
  /** the possible melds' kinds, and per meld the originals it shares kinds with, and how many, in pairs */
  melds: readonly (readonly number[])[];
  shares: readonly (readonly number[])[];
  /** per kind: table cards, own cards */
  table: Float64Array;
  mine: Float64Array;
  originals: number;
  /** own cards placed, when fixed */
  count: number | null;
  placedWeight: number;
}

export interface LinearPrices {
  price: Float64Array;
  matchPrice: Float64Array;
  placedPrice: number;
}

/**
 * The programme's dual values as the relaxation's prices (per kind, per
 * original's match, on the count), or null when the simplex does not reach
 * an optimum within `iterations` pivots, or no arrangement places the count.
 */
export function linearPrices(lp: LinearProgramme, iterations: number): LinearPrices | null {
  const { originals } = lp;
  const kinds = lp.table.length;
  const rowOfKind = new Int32Array(kinds).fill(-1);
  let rows = 0;
  for (let k = 0; k < kinds; k++) if (lp.table[k]! + lp.mine[k]! > 0) rowOfKind[k] = rows++;
  const matchRow = rows;
  rows += originals;
  const countRow = lp.count === null ? -1 : rows++;
  // Row `rows` is a dummy whose dual value stays 0: a copy matched to nothing.
  const none = rows;

  // Columns as sparse lists of (row, value), with costs and upper bounds (all
  // lower bounds are 0). A meld's columns come first and name the meld, whose
  // kinds' dual values are summed once per pricing, and their match row.
  const at: number[] = [];
  const value: number[] = [];
  const from: number[] = [0];
  const costs: number[] = [];
  const uppers: number[] = [];
  const meldOf: number[] = [];
  const matchOf: number[] = [];
  const add = (
    entries: readonly number[],
    cost: number,
    upper: number,
    meld = -1,
    match = none,
  ) => {
    for (let j = 0; j < entries.length; j += 2) {
      at.push(entries[j]!);
      value.push(entries[j + 1]!);
    }
    from.push(at.length);
    costs.push(cost);
    uppers.push(upper);
    meldOf.push(meld);
    matchOf.push(match);
  };
  lp.melds.forEach((meld, c) => {
    const kindRows = meld.flatMap((k) => [rowOfKind[k]!, 1]);
    add(kindRows, 0, Infinity, c);
    const pairs = lp.shares[c]!;
    for (let j = 0; j < pairs.length; j += 2) {
      const match = matchRow + pairs[j]!;
      add([...kindRows, match, 1], pairs[j + 1]!, Infinity, c, match);
    }
  });
  const meldColumns = costs.length;
  for (let k = 0; k < kinds; k++)
    if (lp.mine[k]! > 0) {
      const entries = [rowOfKind[k]!, -1];
      if (countRow >= 0) entries.push(countRow, 1);
      add(entries, lp.placedWeight, lp.mine[k]!);
    }
  // The starting basis: each match row's slack, an artificial column elsewhere
  // (priced out by big M, never to enter again once it leaves).
  const basis = new Int32Array(rows);
  for (let m = 0; m < originals; m++) {
    basis[matchRow + m] = costs.length;
    add([matchRow + m, 1], 0, Infinity);
  }
  const priced = costs.length;
  for (let i = 0; i < rows; i++)
    if (i < matchRow || i >= matchRow + originals) {
      basis[i] = costs.length;
      add([i, 1], -BIG, Infinity);
    }
  const n = costs.length;
  const cost = Float64Array.from(costs);
  const upper = Float64Array.from(uppers);
  const rowAt = Int32Array.from(at);
  const valueAt = Float64Array.from(value);
  const start = Int32Array.from(from);
  const meldAt = Int32Array.from(meldOf);
  const matchAt = Int32Array.from(matchOf);
  const meldRowFrom = new Int32Array(lp.melds.length + 1);
  lp.melds.forEach((meld, c) => (meldRowFrom[c + 1] = meldRowFrom[c]! + meld.length));
  const meldRows = Int32Array.from(lp.melds.flat(), (k) => rowOfKind[k]!);
  const meldDual = new Float64Array(lp.melds.length);

  const x = new Float64Array(n);
  // -1 for a column at its lower bound, -2 at its upper, else its row in the basis.
  const status = new Int32Array(n).fill(-1);
  for (let i = 0; i < rows; i++) status[basis[i]!] = i;
  for (let k = 0; k < kinds; k++) if (rowOfKind[k]! >= 0) x[basis[rowOfKind[k]!]!] = lp.table[k]!;
  for (let m = 0; m < originals; m++) x[basis[matchRow + m]!] = 1;
  if (countRow >= 0) x[basis[countRow]!] = lp.count!;
  const inverse = new Float64Array(rows * rows);
  for (let i = 0; i < rows; i++) inverse[i * rows + i] = 1;
  const dual = new Float64Array(rows + 1);
  const alpha = new Float64Array(rows);
  const nonzero = new Int32Array(rows);
  let degenerate = 0;

  for (let it = 0; ; it++) {
    if (it === iterations) return null;
    if (it % REFRESH === 0) {
      dual.fill(0);
      for (let r = 0; r < rows; r++) {
        const c = cost[basis[r]!]!;
        if (c !== 0) for (let i = 0; i < rows; i++) dual[i]! += c * inverse[r * rows + i]!;
      }
    }
    for (let c = 0; c < meldDual.length; c++) {
      let sum = 0;
      for (let e = meldRowFrom[c]!; e < meldRowFrom[c + 1]!; e++) sum += dual[meldRows[e]!]!;
      meldDual[c] = sum;
    }
    // Pricing: the most improving column, or the first once pivots stall.
    let entering = -1;
    let best = TOLERANCE;
    let reduced = 0;
    const first = degenerate >= DEGENERATE;
    for (let j = 0; j < priced; j++) {
      if (status[j]! >= 0) continue;
      let d = cost[j]!;
      if (j < meldColumns) d -= meldDual[meldAt[j]!]! + dual[matchAt[j]!]!;
      else for (let e = start[j]!; e < start[j + 1]!; e++) d -= dual[rowAt[e]!]! * valueAt[e]!;
      const gain = status[j] === -1 ? d : -d;
      if (gain > best) {
        entering = j;
        best = gain;
        reduced = d;
        if (first) break;
      }
    }
    if (entering < 0) break;
    const direction = status[entering] === -1 ? 1 : -1;
    alpha.fill(0);
    for (let e = start[entering]!; e < start[entering + 1]!; e++) {
      const i = rowAt[e]!;
      const v = valueAt[e]!;
      for (let r = 0; r < rows; r++) alpha[r]! += inverse[r * rows + i]! * v;
    }
    // Ratio test: the basic column that reaches a bound first (the larger
    // pivot among ties), or the entering column's own upper bound.
    let step = upper[entering]!;
    let leaving = -1;
    for (let r = 0; r < rows; r++) {
      const change = -direction * alpha[r]!;
      const j = basis[r]!;
      let room = Infinity;
      if (change < -PIVOT) room = x[j]! / -change;
      else if (change > PIVOT && upper[j]! < Infinity) room = (upper[j]! - x[j]!) / change;
      if (
        room < step - PIVOT ||
        (room < step + PIVOT && leaving >= 0 && Math.abs(alpha[r]!) > Math.abs(alpha[leaving]!))
      ) {
        step = room;
        leaving = r;
      }
    }
    if (step === Infinity) return null;
    degenerate = step < PIVOT ? degenerate + 1 : 0;
    x[entering]! += direction * step;
    for (let r = 0; r < rows; r++) x[basis[r]!]! -= direction * step * alpha[r]!;
    if (leaving < 0) {
      status[entering] = direction === 1 ? -2 : -1;
      continue;
    }
    const out = basis[leaving]!;
    const atUpper = upper[out]! < Infinity && x[out]! > upper[out]! / 2;
    x[out] = atUpper ? upper[out]! : 0;
    status[out] = atUpper ? -2 : -1;
    basis[leaving] = entering;
    status[entering] = leaving;
    // The inverse's new pivot row, then the other rows less their share of it
    // (over the row's nonzero entries: the inverse stays sparse for long).
    const row = leaving * rows;
    const pivot = alpha[leaving]!;
    let nonzeros = 0;
    for (let i = 0; i < rows; i++)
      if (inverse[row + i] !== 0) {
        inverse[row + i]! /= pivot;
        nonzero[nonzeros++] = i;
      }
    for (let r = 0; r < rows; r++) {
      const factor = alpha[r]!;
      if (r === leaving || factor === 0) continue;
      const base = r * rows;
      for (let e = 0; e < nonzeros; e++) {
        const i = nonzero[e]!;
        inverse[base + i]! -= factor * inverse[row + i]!;
      }
    }
    // The entering column's reduced cost becomes zero: the duals move along the new pivot row.
    for (let e = 0; e < nonzeros; e++) dual[nonzero[e]!]! += reduced * inverse[row + nonzero[e]!]!;
  }
  // An artificial column left above zero: no arrangement places the count.
  for (let r = 0; r < rows; r++) if (basis[r]! >= priced && x[basis[r]!]! > 1e-6) return null;
  const price = new Float64Array(kinds);
  for (let k = 0; k < kinds; k++) if (rowOfKind[k]! >= 0) price[k] = dual[rowOfKind[k]!]!;
  const matchPrice = Float64Array.from({ length: originals }, (_, m) =>
    Math.max(0, dual[matchRow + m]!),
  );
  return { price, matchPrice, placedPrice: countRow >= 0 ? dual[countRow]! : 0 };
}
