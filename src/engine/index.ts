// The rules engine's public surface: pure functions over plain-data state.

export * from "./cards";
export * from "./melds";
export * from "./state";
export * from "./commands";
export * from "./engine-events";
export { apply, advance, nextDeadline, type ApplyResult } from "./engine";
export { deal, newHand, type HandSetup, type NewHand, type NewHandOptions } from "./setup";
export { hasLaidMeld, spectatorView, viewFor, type HandView } from "./views";
export { checkExpect, runScenario, type ScenarioResult, type ScenarioRun } from "./scenario";
