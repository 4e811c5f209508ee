// The engine's test kit: the scenario runner (../shared/scenario-format.md) and the random
// players, for tests, the CLI (scenario, simulate, fuzz) and the benches. No part of the
// engine's public surface (../index.ts): the app never plays at random or reads scenarios.

export { checkExpect, runScenario, type ScenarioRun } from "./scenario";
export type { ScenarioResult } from "./scenario-result";
export {
  playRandomHand,
  randomAction,
  type RandomHand,
  type RandomHandOptions,
} from "./random-player";
export {
  playRandomClassicRound,
  randomClassicCommand,
  type RandomRound,
} from "./classic-random-player";
