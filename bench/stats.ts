/** The value at fraction `q` (0.5 = median, 0.99 = p99) of an ascending list; NaN when it is empty. */
export const percentile = (sorted: ArrayLike<number>, q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))] ?? Number.NaN;

/** Timings in ascending order, for `percentile`. */
export const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);
