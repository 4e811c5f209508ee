// Puzzle ratings, as lichess rates puzzles: every attempt is a game of
// Glicko-2 between the player and the puzzle, the player winning when the
// puzzle is solved. Both ratings move. Pure: the server stores the numbers.
// Glickman, "Example of the Glicko-2 system" (2013), one game per period.

export interface Rating {
  rating: number;
  deviation: number;
  volatility: number;
}

export const INITIAL_RATING: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };

/** Constrains the change in volatility: small values suit puzzles' steady ratings. */
const TAU = 0.5;
const SCALE = 173.7178;
/** Ratings never grow surer than this: a puzzle's or player's level still drifts. */
const MIN_DEVIATION = 45;
const MAX_DEVIATION = 350;

/** One game of Glicko-2: `score` 1 a win for `player`, 0 a loss. Returns the player's new rating. */
export function glicko2(player: Rating, opponent: Rating, score: 0 | 1): Rating {
  const mu = (player.rating - 1500) / SCALE;
  const phi = player.deviation / SCALE;
  const muJ = (opponent.rating - 1500) / SCALE;
  const phiJ = opponent.deviation / SCALE;
  const g = 1 / Math.sqrt(1 + (3 * phiJ * phiJ) / (Math.PI * Math.PI));
  const expected = 1 / (1 + Math.exp(-g * (mu - muJ)));
  const v = 1 / (g * g * expected * (1 - expected));
  const delta = v * g * (score - expected);
  const sigma = newVolatility(phi, player.volatility, v, delta);
  const phiStar = Math.sqrt(phi * phi + sigma * sigma);
  const phiNew = 1 / Math.sqrt(1 / (phiStar * phiStar) + 1 / v);
  const muNew = mu + phiNew * phiNew * g * (score - expected);
  return {
    rating: 1500 + SCALE * muNew,
    deviation: Math.min(MAX_DEVIATION, Math.max(MIN_DEVIATION, SCALE * phiNew)),
    volatility: sigma,
  };
}

/** Step 5 of Glickman's procedure (the Illinois algorithm). */
function newVolatility(phi: number, sigma: number, v: number, delta: number): number {
  const a = Math.log(sigma * sigma);
  const f = (x: number) => {
    const ex = Math.exp(x);
    const d = phi * phi + v + ex;
    return (ex * (delta * delta - d)) / (2 * d * d) - (x - a) / (TAU * TAU);
  };
  let A = a;
  let B: number;
  if (delta * delta > phi * phi + v) B = Math.log(delta * delta - phi * phi - v);
  else {
    let k = 1;
    while (f(a - k * TAU) < 0) k++;
    B = a - k * TAU;
  }
  let fA = f(A);
  let fB = f(B);
  for (let i = 0; i < 100 && Math.abs(B - A) > 1e-6; i++) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C);
    if (fC * fB <= 0) [A, fA] = [B, fB];
    else fA /= 2;
    [B, fB] = [C, fC];
  }
  return Math.exp(A / 2);
}

export interface AttemptRatings {
  player: Rating;
  puzzle: Rating;
}

/** Both new ratings after an attempt: solved is the player's win. */
export function rateAttempt(player: Rating, puzzle: Rating, solved: boolean): AttemptRatings {
  return {
    player: glicko2(player, puzzle, solved ? 1 : 0),
    puzzle: glicko2(puzzle, player, solved ? 0 : 1),
  };
}

/** The starting rating of a new puzzle: its difficulty, still uncertain. */
export function puzzleRating(difficulty: number): Rating {
  return { rating: difficulty, deviation: 200, volatility: 0.06 };
}

/**
 * The puzzle ratings to look between for a player's next puzzle: near the
 * player's, wider on each try when nothing unplayed is found there.
 */
export function servingWindow(
  rating: number,
  attempt: number,
  half = 150,
): { min: number; max: number } {
  const width = half * 2 ** attempt;
  return { min: Math.round(rating - width), max: Math.round(rating + width) };
}

/** The streak's first puzzle is rated about this, whoever plays: every streak climbs the same ladder. */
export const STREAK_START = 800;
/** How much harder each puzzle of a streak is than the one before. */
export const STREAK_STEP = 75;

/**
 * The rating a streak's next puzzle is served near, after `solved` puzzles
 * solved in a row: easy at first, harder with every one, as far as the
 * hardest puzzles go.
 */
export function streakTarget(solved: number): number {
  return Math.min(2600, STREAK_START + STREAK_STEP * solved);
}
