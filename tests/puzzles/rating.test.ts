import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  glicko2,
  INITIAL_RATING,
  rateAttempt,
  servingWindow,
  STREAK_START,
  STREAK_STEP,
  streakTarget,
} from "@/puzzles/rating";

describe("puzzle ratings (Glicko-2)", () => {
  it("follows Glickman's worked example for one game", () => {
    // His example player 1500/200/0.06 against 1400/30, a win: the single-game step.
    const after = glicko2(
      { rating: 1500, deviation: 200, volatility: 0.06 },
      {
        rating: 1400,
        deviation: 30,
        volatility: 0.06,
      },
      1,
    );
    expect(after.rating).toBeGreaterThan(1500);
    expect(after.rating).toBeCloseTo(1563.6, 0);
    expect(after.deviation).toBeLessThan(200);
  });

  it("a solved puzzle raises the player and lowers the puzzle; a miss the reverse", () => {
    const puzzle = { rating: 1600, deviation: 120, volatility: 0.06 };
    const solved = rateAttempt(INITIAL_RATING, puzzle, true);
    expect(solved.player.rating).toBeGreaterThan(1500);
    expect(solved.puzzle.rating).toBeLessThan(1600);
    const missed = rateAttempt(INITIAL_RATING, puzzle, false);
    expect(missed.player.rating).toBeLessThan(1500);
    expect(missed.puzzle.rating).toBeGreaterThan(1600);
  });

  it("solving an easy puzzle gains less than solving a hard one", () => {
    const easy = rateAttempt(INITIAL_RATING, { ...INITIAL_RATING, rating: 1000 }, true);
    const hard = rateAttempt(INITIAL_RATING, { ...INITIAL_RATING, rating: 2000 }, true);
    expect(hard.player.rating - 1500).toBeGreaterThan(easy.player.rating - 1500);
  });

  it("ratings stay finite and deviations within bounds, whatever the attempts", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 400, max: 3000 }), fc.boolean()), { maxLength: 60 }),
        (games) => {
          let player = INITIAL_RATING;
          for (const [rating, solved] of games)
            player = rateAttempt(
              player,
              { rating, deviation: 80, volatility: 0.06 },
              solved,
            ).player;
          expect(Number.isFinite(player.rating)).toBe(true);
          expect(player.deviation).toBeGreaterThanOrEqual(45);
          expect(player.deviation).toBeLessThanOrEqual(350);
        },
      ),
    );
  });

  it("serves near the player's rating, wider on each try", () => {
    expect(servingWindow(1500, 0)).toEqual({ min: 1350, max: 1650 });
    expect(servingWindow(1500, 2)).toEqual({ min: 900, max: 2100 });
  });
});

describe("streak mode", () => {
  it("each puzzle of a streak is served harder than the last, from an easy start to the hardest", () => {
    expect(streakTarget(0)).toBe(STREAK_START);
    for (let n = 0; n < 30; n++)
      expect(streakTarget(n + 1)).toBeGreaterThanOrEqual(streakTarget(n));
    expect(streakTarget(1) - streakTarget(0)).toBe(STREAK_STEP);
    expect(streakTarget(1000)).toBe(2600);
  });

  it("a streak's first windows do not overlap: the next puzzle is no easier than the last", () => {
    for (let n = 0; n < 10; n++) {
      const here = servingWindow(streakTarget(n), 0, STREAK_STEP / 2);
      const next = servingWindow(streakTarget(n + 1), 0, STREAK_STEP / 2);
      expect(next.min).toBeGreaterThanOrEqual(here.max);
    }
  });
});
