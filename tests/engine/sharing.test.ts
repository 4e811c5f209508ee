import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { copyPlain, shareUnchanged } from "@/engine/draft";

describe("shareUnchanged: a new state keeps the earlier state's unchanged parts", () => {
  it("keeps unchanged parts by identity and changed ones as made", () => {
    const before = {
      now: 1,
      table: [
        { id: 1, cards: [4, 5, 6] },
        { id: 2, cards: [7, 8, 9] },
      ],
    };
    const after = copyPlain(before);
    after.now = 2;
    after.table[1]!.cards.push(10);
    const shared = shareUnchanged(before, after);
    expect(shared).toEqual({
      now: 2,
      table: [
        { id: 1, cards: [4, 5, 6] },
        { id: 2, cards: [7, 8, 9, 10] },
      ],
    });
    expect(shared.table[0]).toBe(before.table[0]);
    expect(shared.table[1]).not.toBe(before.table[1]);
    expect(shareUnchanged(before, copyPlain(before))).toBe(before);
  });

  it("matches a list's items by id when items come and go", () => {
    const before = {
      log: [
        { id: 3, card: 1 },
        { id: 4, card: 2 },
        { id: 5, card: 3 },
      ],
    };
    const after = {
      log: [
        { id: 4, card: 2 },
        { id: 5, card: 3 },
        { id: 6, card: 9 },
      ],
    };
    const shared = shareUnchanged(before, after);
    expect(shared.log[0]).toBe(before.log[1]);
    expect(shared.log[1]).toBe(before.log[2]);
    expect(shared.log[2]).toEqual({ id: 6, card: 9 });
  });

  it("notices a field gone and a value that changed its kind", () => {
    const before: Record<string, unknown> = { a: 1, b: { c: [1] }, d: null };
    expect(shareUnchanged(before, { a: 1, b: { c: [1] } })).not.toBe(before);
    expect(shareUnchanged(before, { a: 1, b: [1], d: null })).toEqual({ a: 1, b: [1], d: null });
  });

  it("always gives a value deep-equal to the new one", () => {
    const json = fc.jsonValue({ maxDepth: 4 });
    fc.assert(
      fc.property(json, json, (before, after) => {
        expect(shareUnchanged(before, copyPlain(after))).toEqual(after);
        expect(shareUnchanged(before, copyPlain(before))).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});
