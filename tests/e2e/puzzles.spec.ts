// Puzzles in the browser: a known puzzle of the shipped set solved by drag and drop
// (the rating moves), one failed on purpose (the solution is stepped through), and the
// daily puzzle open to a visitor.

import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import type { Puzzle } from "@/puzzles/types";
import { drag, signUp } from "./table-helpers";

const PUZZLES = JSON.parse(readFileSync("prisma/puzzles.json", "utf8")) as Puzzle[];
const puzzle = (id: string) => PUZZLES.find((p) => p.id === id)!;
// Two small Machiavelox puzzles: one declared card, two table cards moved into a new meld.
const SOLVED = puzzle("1ezrsqlettaa6");
const FAILED = puzzle("3p6avg8npk42v");

/** Plays the solver's plan with the mouse, one gesture per step. */
async function playPlan(page: Page, plan: Puzzle["solution"]["plan"]) {
  for (const step of plan) {
    if (step.do === "stage") await drag(page, `hand:${step.card}`, "drop-staging");
    else if (step.do === "add") await drag(page, `hand:${step.card}`, `drop-meld:${step.meld}`);
    else if (step.do === "place") await drag(page, `staging:${step.card}`, `drop-meld:${step.to}`);
    else if (step.do === "move")
      await drag(
        page,
        `table:${step.card}:${step.from}`,
        step.to === "new" ? "drop-new" : `drop-meld:${step.to}`,
      );
    else await page.getByTestId("action-lay").click();
  }
}

test("a player solves a puzzle by drag and drop and sees the rating change", async ({ page }) => {
  await signUp(page, `pz${Date.now().toString(36)}`);
  await page.goto(`/puzzles?id=${SOLVED.id}`);
  await expect(page.getByTestId("puzzle-panel")).toBeVisible();
  await playPlan(page, SOLVED.solution.plan);
  await expect(page.getByTestId("puzzle-valid")).toContainText("✓");
  await page.getByTestId("puzzle-submit").click();
  await expect(page.getByTestId("puzzle-result")).toHaveAttribute("data-solved", "true");
  await expect(page.getByTestId("puzzle-rating")).toContainText(/1500 → \d+ \(\+\d+\)/);
});

test("a player fails a puzzle and watches the solution step by step", async ({ page }) => {
  await signUp(page, `pf${Date.now().toString(36)}`);
  await page.goto(`/puzzles?id=${FAILED.id}`);
  await expect(page.getByTestId("puzzle-valid")).toContainText("✓");
  // The table as dealt is valid and places nothing: a miss.
  await page.getByTestId("puzzle-submit").click();
  await expect(page.getByTestId("puzzle-result")).toHaveAttribute("data-solved", "false");
  await expect(page.getByTestId("puzzle-rating")).toContainText(/1500 → \d+ \(-\d+\)/);
  const steps = FAILED.solution.plan.length;
  for (let n = 1; n <= steps; n++) {
    await page.getByTestId("puzzle-next-step").click();
    await expect(page.getByTestId("puzzle-step")).toHaveAttribute("data-step", String(n));
  }
  // At the end every hand card of the solution lies in its target meld.
  for (const meld of FAILED.solution.target)
    for (const card of meld.cards)
      await expect(page.getByTestId(`table:${card}:${meld.id}`)).toBeVisible();
});

test("a visitor plays the daily puzzle from the home page", async ({ page }) => {
  await page.goto("/");
  await page.getByTestId("daily-puzzle").click();
  await expect(page.getByTestId("puzzle-panel")).toBeVisible();
  await expect(page.getByTestId("puzzle-valid")).toContainText("✓");
});
