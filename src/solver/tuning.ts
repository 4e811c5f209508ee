// The solver's tuning: how far each search may go before the next takes over,
// and how wide the narrowed ones are. Each figure trades time on the positions
// a search settles against time lost on those it does not; docs/solver.md says
// what each was weighed against, bench/results.md what it measured.

/**
 * A run no higher cap follows builds each state's options only up to the
 * table cards it may still lose (0, 1 or 2); from this many on, all of them.
 */
export const LOSS_LIMITS = 3;

/**
 * The caps the rank programme rises through after the lower bound on the
 * cards moved (then all the table's cards): one by one at first, then
 * further apart.
 */
export const CAP_LADDER = [2, 3, 4, 5, 6, 8, 11, 14];

/** The narrowed search's widths below the budget, tried in turn before it. */
export const NARROW_WIDTHS = [20_000, 50_000];

/** keepTightest's scale: bounds more than 256 points above the goal rank alike. */
export const SLACK_SCALE = 4096;

/** States a beam search keeps: enough to find the optimum often, few enough to cost little. */
export const BEAM = 500;
/**
 * Subgradient steps for the relaxation's bound, worked out only where the
 * caps grow costly or outgrow the budget: 3–60 ms.
 */
export const BOUND_STEPS = 3000;
/** Options the caps may try before the bound is worked out: about what it costs. */
export const RELAX_AFTER = 50_000;
/**
 * Options the pass at one move may try (withinMoves): where it settles a
 * position it does so well within this, and where it does not it runs far
 * past it. The pass at no move may go as far as the caps' first pass.
 */
export const ONE_MOVE_OPTIONS = 10_000;
/** Options the caps may try before cap 2 gives way to the pass at two moves. */
export const TWO_MOVES_AFTER = 5_000;
/**
 * Options the caps may try after the pass at two moves finds nothing, before
 * the bound is worked out: cap 2 was costly, and the caps after it cost more
 * still (cap 3 could run far past the stop of 50,000 in all, checked after
 * each suit's step).
 */
export const AFTER_TWO_MOVES = 10_000;
/**
 * The relaxation's branch and bound on a cap the reduced search leaves open:
 * nodes, and steps per node. With the reduced search at its nodes, few steps
 * do: half the nodes that settle do so within about 80 steps, and the open
 * ones (nine in ten of all steps) split sooner.
 */
export const BRANCH_NODES = 64;
export const BRANCH_STEPS = 400;
/** Pivots the linear programme may take (300–400 at the median of heavy positions). */
export const LINEAR_PIVOTS = 5_000;
/**
 * Choices the reduced search may try on a cap, and at a node of the branch
 * and bound: where the bound is within a point or two of the cap's goal it
 * settles in a few hundred; failing costs 5–30 ms.
 */
export const REDUCED_NODES = 20_000;
export const LEAF_NODES = 5_000;
/**
 * The counting programme's first budget: past it, the relaxation count by
 * count and the reduced search, then (when they are unsure) the counting
 * programme with the whole budget. Dense positions whose count alone took up
 * to a second are solved in about 50 ms this way: the count's relaxation is
 * then the solver's, and its arrangement the best.
 */
export const COUNT_FIRST = 5_000;
/** The relaxation count by count: steps, choices per search, values tried per count. */
export const COUNT_SEARCH = { steps: 1_000, nodes: REDUCED_NODES, tries: 3 };
