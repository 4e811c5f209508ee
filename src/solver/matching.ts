// Which target meld continues which original meld: the assignment that keeps
// the most table cards where they are (docs/solver.md, "moved").

import { type CardId } from "@/engine";

/**
 * For each target meld, the index of the original meld it continues, or -1.
 * Maximises the cards shared by matched pairs (Hungarian method); pairs that
 * share no card are never matched. A target and an original that share
 * cards with nothing else are matched to each other at once: most are.
 */
export function matchMelds(
  original: readonly (readonly CardId[])[],
  target: readonly (readonly CardId[])[],
): number[] {
  const home = new Map<CardId, number>();
  original.forEach((cards, m) => cards.forEach((c) => home.set(c, m)));
  const shared = target.map((cards) => {
    const row = new Array<number>(original.length).fill(0);
    for (const c of cards) {
      const m = home.get(c);
      if (m !== undefined) row[m]!++;
    }
    return row;
  });
  // Per original: how many targets share its cards, and the last of them.
  const sharers = new Array<number>(original.length).fill(0);
  const sharer = new Array<number>(original.length).fill(-1);
  const only = shared.map((row, t) => {
    let one = -1;
    row.forEach((n, m) => {
      if (n === 0) return;
      one = one === -1 ? m : -2;
      sharers[m]!++;
      sharer[m] = t;
    });
    return one;
  });
  const alone = (m: number) => sharers[m] === 1 && only[sharer[m]!] === m;
  const match = only.map((m) => (m >= 0 && alone(m) ? m : -1));
  // The rest by the Hungarian method: targets sharing cards, originals not matched yet.
  const rows = target.map((_, t) => t).filter((t) => only[t] !== -1 && match[t] === -1);
  const cols = original.map((_, m) => m).filter((m) => sharers[m]! > 0 && !alone(m));
  const byRow = assignMax(
    rows.map((t) => cols.map((m) => shared[t]![m]!)),
    rows.length,
    cols.length,
  );
  rows.forEach((t, r) => {
    const j = byRow[r]!;
    if (j >= 0 && shared[t]![cols[j]!]! > 0) match[t] = cols[j]!;
  });
  return match;
}

/** Cards of the original melds that end in the target meld matched to them. */
export function keptCards(
  original: readonly (readonly CardId[])[],
  target: readonly (readonly CardId[])[],
  match: readonly number[],
): number {
  return target.reduce((sum, cards, t) => {
    const m = match[t]!;
    return m < 0 ? sum : sum + cards.filter((c) => original[m]!.includes(c)).length;
  }, 0);
}

/** Maximum-weight assignment of rows to columns on the padded square matrix. */
function assignMax(weight: number[][], rows: number, cols: number): number[] {
  const n = Math.max(rows, cols);
  // Costs on the padded square: minus the weight, 0 outside the real matrix.
  const cost = new Float64Array(n * n);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) cost[i * n + j] = -(weight[i]![j] ?? 0);
  // Potentials formulation, 1-based with a virtual column 0.
  const u = new Float64Array(n + 1);
  const v = new Float64Array(n + 1);
  const rowOf = new Int32Array(n + 1);
  const way = new Int32Array(n + 1);
  const minv = new Float64Array(n + 1);
  const used = new Uint8Array(n + 1);
  for (let i = 1; i <= n; i++) {
    rowOf[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = rowOf[j0]!;
      let delta = Infinity;
      let j1 = 0;
      for (let j = 1; j <= n; j++) {
        if (used[j]) continue;
        const cur = cost[(i0 - 1) * n + j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= n; j++) {
        if (used[j]) {
          u[rowOf[j]!]! += delta;
          v[j]! -= delta;
        } else minv[j]! -= delta;
      }
      j0 = j1;
    } while (rowOf[j0] !== 0);
    do {
      const j1 = way[j0]!;
      rowOf[j0] = rowOf[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const result = new Array<number>(rows).fill(-1);
  for (let j = 1; j <= n; j++) {
    const i = rowOf[j]! - 1;
    if (i >= 0 && i < rows && j - 1 < cols) result[i] = j - 1;
  }
  return result;
}
