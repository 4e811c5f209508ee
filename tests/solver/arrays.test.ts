// The solver's array helpers (src/solver/arrays.ts) give what the built-ins
// they replace give, for speed alone.

import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { concatenated, filled, sortShort } from "@/solver/arrays";

describe("the solver's array helpers", () => {
  it("filled makes what Array.from({ length }, make) makes", () => {
    fc.assert(
      fc.property(fc.nat(40), fc.integer(), (length, k) => {
        const make = (i: number) => i * k - length;
        expect(filled(length, make)).toEqual(Array.from({ length }, (_, i) => make(i)));
      }),
    );
  });

  it("sortShort orders like the built-in stable sort, ties kept in their order", () => {
    const item = fc.record({ key: fc.integer({ min: 0, max: 3 }), at: fc.nat() });
    fc.assert(
      fc.property(fc.array(item, { maxLength: 12 }), (items) => {
        const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
        const expected = [...items].sort(byKey);
        const copy = [...items];
        expect(sortShort(copy, byKey)).toBe(copy);
        expect(copy).toEqual(expected);
      }),
    );
  });

  it("concatenated gives what flat() gives", () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.integer(), { maxLength: 6 }), { maxLength: 8 }), (lists) => {
        expect(concatenated(lists)).toEqual(lists.flat());
      }),
    );
  });
});
