// Which puzzle is today's: the same for everyone on one UTC day, from the
// date alone, so no job has to pick it. Pure.

/** The UTC day of an instant, as "2026-12-07". */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** The index of the day's puzzle among `count` (ordered by id): a hash of the day. */
export function dailyIndex(day: string, count: number): number {
  let hash = 2166136261;
  for (let i = 0; i < day.length; i++) hash = Math.imul(hash ^ day.charCodeAt(i), 16777619);
  return (hash >>> 0) % count;
}
