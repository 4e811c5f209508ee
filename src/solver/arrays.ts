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
