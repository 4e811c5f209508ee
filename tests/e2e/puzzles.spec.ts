// Puzzles in the browser: a known puzzle of the shipped set solved by drag and drop
// (the rating moves), one failed on purpose (the solution is stepped through), and the
// daily puzzle open to a visitor.

import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { classicSolutionSteps } from "@/puzzles/classic";
import type { Puzzle } from "@/puzzles/types";
import { closeContexts, drag, signUp } from "./table-helpers";

const PUZZLES = JSON.parse(readFileSync("prisma/puzzles.json", "utf8")) as Puzzle[];
const puzzle = (id: string) => PUZZLES.find((p) => p.id === id)!;
// Two small Machiavelox puzzles: one declared card, two table cards moved into a new meld.
const SOLVED = puzzle("1ezrsqlettaa6");
const FAILED = puzzle("3p6avg8npk42v");
// The shipped set's first Tahiti puzzle: a joker on the table, played on the classic table.
const JOKERS = PUZZLES.find((p) => p.themes.includes("jokers"))!;

test.afterEach(closeContexts);

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

test("streak mode: a miss ends the streak, told with its length, and a new one starts", async ({
  page,
}) => {
  await signUp(page, `ps${Date.now().toString(36)}`);
  await page.goto("/puzzles?streak=1");
  await expect(page.getByTestId("puzzle-panel")).toContainText(
    "Solve in a row until the first miss",
  );
  // The table as dealt places nothing: a miss.
  await expect(page.getByTestId("puzzle-valid")).toContainText("✓");
  await page.getByTestId("puzzle-submit").click();
  await expect(page.getByTestId("puzzle-streak")).toHaveText("Streak over: 0 solved in a row.");
  await page.getByTestId("puzzle-next").click();
  await expect(page.getByTestId("puzzle-submit")).toBeVisible();
  await expect(page.getByTestId("puzzle-result")).toHaveCount(0);
});

test("a Tahiti puzzle plays on the classic table; the player reports it and a moderator disables it", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const moderator = await (await browser.newContext()).newPage();
  const name = `pmod_${tag}`;
  await signUp(moderator, name);
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin.ts", "grant", name, "moderator"],
    {
      env: { ...process.env, DATA_DIR: ".data/e2e", DATABASE_URL: "" },
    },
  );
  // Shown, whatever an interrupted run on the same data folder left.
  const show = async () => {
    const shown = await moderator.request.post("/api/trpc/puzzle.hide", {
      data: { json: { id: JOKERS.id, hidden: false } },
    });
    expect(shown.ok()).toBe(true);
  };
  await show();
  const page = await (await browser.newContext()).newPage();
  await signUp(page, `pj${tag}`);
  await page.goto(`/puzzles?id=${JOKERS.id}`);
  await expect(page.getByTestId("classic-table")).toBeVisible();
  // No end, draw or pass: the table is submitted as it stands.
  await expect(page.locator("[data-action=end]")).toHaveCount(0);
  await expect(page.getByTestId("puzzle-valid")).toContainText("✓");
  await page.screenshot({ path: "artifacts/screenshots/puzzle-tahiti.png" });
  await page.getByTestId("puzzle-submit").click();
  await expect(page.getByTestId("puzzle-result")).toHaveAttribute("data-solved", "false");
  const steps = classicSolutionSteps(JOKERS.position, JOKERS.solution).length - 1;
  for (let n = 1; n <= steps; n++) await page.getByTestId("puzzle-next-step").click();
  await expect(page.getByTestId("puzzle-step")).toHaveAttribute("data-step", String(steps));

  await page.getByRole("button", { name: "Report this puzzle" }).click();
  await page.getByLabel("What is wrong").selectOption("UNFAIR");
  await page.getByLabel("Why (at least 3 characters)").fill(`the joker hides the answer ${tag}`);
  await page.getByRole("button", { name: "Send the report" }).click();
  await expect(page.getByTestId("puzzle-reported")).toBeVisible();

  await moderator.goto("/admin");
  await moderator.getByRole("button", { name: "Puzzles" }).click();
  // Interrupted runs on the same data folder may have left other reports on it.
  const reports = moderator.getByTestId(`puzzle-report-${JOKERS.id}`);
  const report = reports.filter({ hasText: tag });
  await expect(report).toContainText("the joker hides the answer");
  await moderator.screenshot({ path: "artifacts/screenshots/admin-puzzles.png", fullPage: true });
  await report.getByRole("button", { name: "Disable the puzzle" }).click();
  await expect(reports).toHaveCount(0);
  // Disabled: never served again, not even by its share link.
  await page.goto(`/puzzles?id=${JOKERS.id}`);
  await expect(page.getByText("No such puzzle.")).toBeVisible();
  // Shown again for the next runs on the same data folder.
  await show();
});
