/**
 * An array of `length` elements, element i made by `make(i)`: V8 builds it
 * 10–15 times faster than `Array.from({ length }, make)`, which the solver
 * called about 130 times a solve.
 */
export function filled<T>(length: number, make: (i: number) => T): T[] {
  const array: T[] = [];
  for (let i = 0; i < length; i++) array.push(make(i));
  return array;
}

/**
 * Sorts a short array in place by insertion (stable): V8's sort calls the
 * comparison through a generic path that costs more than the whole sort of
 * the solver's arrays of two to four items.
 */
export function sortShort<T>(items: T[], compare: (a: T, b: T) => number): T[] {
  for (let k = 1; k < items.length; k++) {
    const item = items[k]!;
    let j = k;
    for (; j > 0 && compare(items[j - 1]!, item) > 0; j--) items[j] = items[j - 1]!;
    items[j] = item;
  }
  return items;
}

/** The lists' items in order, one list: V8's `flat()` costs about 20 times as much. */
export function concatenated<T>(lists: readonly (readonly T[])[]): T[] {
  const all: T[] = [];
  for (const list of lists) for (const item of list) all.push(item);
  return all;
}
