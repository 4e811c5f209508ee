import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyGame, gameViewFor, newGame, type GameState, type GameView } from "@/engine/game";
import { mulberry32 } from "@/engine/rng";
import { randomAction } from "@/engine/testkit";
import { audienceViews } from "@/server/matches/engine";
import {
  apply,
  diff,
  PatchMismatch,
  shareUnchanged,
  type DiffMemo,
  type Json,
} from "@/protocol/view-patch";
import { copyPlain } from "@/engine/draft";

/** Lists of objects with unique ids (melds, plays), changed by moves, edits, adds and removals. */
const idList = fc
  .uniqueArray(fc.record({ id: fc.nat(20), cards: fc.array(fc.nat(103), { maxLength: 5 }) }), {
    selector: (item) => item.id,
    maxLength: 8,
  })
  .map((items) => items as Json);

const json = fc.oneof(fc.jsonValue(), idList);

/** Two related values: the second mostly shares the first's shape, as consecutive views do. */
const pair = fc.oneof(
  fc.tuple(json, json),
  fc
    .tuple(
      fc.dictionary(fc.string({ maxLength: 3 }), json),
      fc.dictionary(fc.string({ maxLength: 3 }), json),
    )
    .map(([a, b]) => [a, { ...a, ...b }] as [Json, Json]),
  fc.tuple(idList, idList).map(
    ([a, b]) =>
      [
        { table: a, now: 1 },
        { table: b, now: 2 },
      ] as [Json, Json],
  ),
);

/** Plain JSON text: what goes over the wire, so -0 and 0 are one number. */
const wire = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe("view patches", () => {
  it("applying the difference of two values to the first gives the second", () => {
    fc.assert(
      fc.property(pair, ([before, after]) => {
        const patch = wire(diff(before, after)) as ReturnType<typeof diff>;
        expect(wire(apply(before, patch))).toEqual(wire(after));
      }),
      { numRuns: 2000 },
    );
  });

  it("fields named like Object's own members (toString, __proto__) are fields like any other", () => {
    for (const [before, after] of [
      [{ toString: "" }, {}],
      [{}, { toString: "" }],
      [{}, JSON.parse('{"__proto__": false}') as Json],
    ] as [Json, Json][]) {
      const patch = wire(diff(before, after)) as ReturnType<typeof diff>;
      expect(wire(apply(before, patch))).toEqual(wire(after));
    }
  });

  it("equal values have no patch, and applying leaves the old value untouched", () => {
    fc.assert(
      fc.property(pair, ([before, after]) => {
        expect(diff(before, structuredClone(before))).toBeNull();
        const copy = structuredClone(before);
        apply(before, diff(before, after));
        expect(before).toEqual(copy);
      }),
    );
  });

  it("a changed meld travels alone, by id; unchanged parts keep their identity", () => {
    const melds = [
      { id: 1, cards: [1, 2, 3] },
      { id: 2, cards: [14, 15, 16] },
      { id: 3, cards: [30, 31, 32] },
    ];
    const before = { now: 10, table: melds, hand: [5, 6] };
    const after = { now: 12, table: [melds[0]!, { id: 3, cards: [30, 31, 32, 33] }], hand: [5, 6] };
    const patch = diff(before, after);
    expect(patch).toEqual({
      o: {
        now: { s: 12 },
        table: { k: [1, 3], i: { 3: { o: { cards: { s: [30, 31, 32, 33] } } } } },
      },
    });
    const applied = apply(before, patch);
    expect(applied).toEqual(after);
    expect(applied.hand).toBe(before.hand);
    expect(applied.table[0]).toBe(melds[0]);
  });

  it("a patch that does not fit its value is refused, so the stream can start afresh", () => {
    expect(() => apply([1, 2], { o: { a: { s: 1 } } })).toThrow(PatchMismatch);
    expect(() => apply([{ id: 1 }], { i: { 2: { o: { x: { s: 1 } } } }, k: [2] })).toThrow(
      PatchMismatch,
    );
  });

  it("every seat's view, patched action after action through whole random games, stays its view", () => {
    const random = mulberry32(7);
    for (let game = 0; game < 6; game++) {
      const created = newGame({ kind: "single", seed: game, now: 0 });
      if (!created.ok) throw new Error(created.error);
      let state: GameState = created.game;
      let now = 0;
      const views = [0, 1, 2, null].map((seat) => gameViewFor(state, seat));
      let previous: GameView | null = null;
      for (let step = 0; step < 400 && !state.result; step++) {
        const seat = step % 3;
        const command = randomAction(gameViewFor(state, seat).hand, random);
        now += Math.floor(random() * 3000);
        if (!command) continue;
        const applied = applyGame(state, seat, command, now);
        if (!applied.ok) continue;
        state = applied.game;
        // As the server makes them: one public view shared by every audience, keeping the
        // unchanged parts of the one before, lists diffed once.
        const shared = audienceViews(state, previous);
        previous = shared(null);
        const memo: DiffMemo = new Map();
        [0, 1, 2, null].forEach((audience, i) => {
          const next = shared(audience);
          expect(next).toEqual(gameViewFor(state, audience));
          const patch = wire(diff(views[i], next, memo)) as ReturnType<typeof diff>;
          views[i] = apply(views[i]!, patch);
          expect(views[i]).toEqual(next);
        });
      }
    }
  });
});

describe("shareUnchanged: a view made afresh keeps the earlier view's unchanged parts", () => {
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
    // Views are JSON: values as JSON.parse makes them (a "__proto__" key is an own field, no -0),
    // each copy a fresh one.
    const fresh = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    const json = fc.jsonValue({ maxDepth: 4 }).map(fresh);
    fc.assert(
      fc.property(json, json, (before, after) => {
        expect(shareUnchanged(before, fresh(after))).toEqual(after);
        expect(shareUnchanged(before, fresh(before))).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });
});
