// Melds keep their places on the screen: the engine appends every new meld to its table,
// so a run split in two would see its new half jump to the far end. Here a meld stays
// where it was, and a new one made of another meld's cards goes right after it.

import { type MeldView } from "@/engine";

/** `before`: the melds as last shown; `now`: the table as the engine has it. */
export function layMelds(before: readonly MeldView[], now: readonly MeldView[]): MeldView[] {
  const current = new Map(now.map((m) => [m.id, m]));
  const laid: MeldView[] = before.flatMap((m) => current.get(m.id) ?? []);
  const known = new Set(before.map((m) => m.id));
  const homeOf = new Map<number, number>();
  for (const m of before) for (const c of m.cards) homeOf.set(c.card, m.id);
  for (const meld of now) {
    if (known.has(meld.id)) continue;
    const votes = new Map<number, number>();
    for (const c of meld.cards) {
      const home = homeOf.get(c.card);
      if (home !== undefined) votes.set(home, (votes.get(home) ?? 0) + 1);
    }
    const [origin] = [...votes].sort((a, b) => b[1] - a[1])[0] ?? [];
    const at = laid.findIndex((m) => m.id === origin);
    if (at < 0) laid.push(meld);
    else {
      // After the origin and the melds already split off it, so halves read in order.
      let end = at + 1;
      while (end < laid.length && !known.has(laid[end]!.id)) end++;
      laid.splice(end, 0, meld);
    }
  }
  return laid;
}
