/** The value at quantile q of sorted values (p50: q = 0.5), as the solver benchmarks report it. */
export function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
}
