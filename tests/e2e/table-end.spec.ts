import { mkdirSync } from "node:fs";
import { type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { closeContexts, signUp } from "./table-helpers";

test.afterEach(closeContexts);

// After the hand: the end-of-hand dialog with its score breakdown, the replay of the hand
// (autoplay, next move, players' words), Play again; and what a signed-out visitor meets.
// The e2e server's practice bots play fast and this table's clock runs ten times faster
// (playwright.config.ts), so a hand ends within a minute or so.
const SCREENSHOTS = "artifacts/screenshots";
const tag = () => Date.now().toString(36);
const SIZES = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function shots(page: Page, name: string) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `${SCREENSHOTS}/${name}-${size.name}.png` });
  }
  await page.setViewportSize(SIZES[0]);
}

test("a practice hand to its end: the points explained, its replay watched, and Play again", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize(SIZES[0]);
  await signUp(page, `after_${tag()}`);
  const response = await page.request.post("/api/trpc/practice.start", {
    data: { json: { level: "hard", fastClock: true } },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { json: { matchId: string } } } };
  const matchId = body.result.data.json.matchId;
  await page.goto(`/play/${matchId}`);
  await expect(page.getByTestId("game-table")).toBeVisible();
  // Two bots named apart, with their level.
  await expect(page.getByText("Bot 1 (Hard)").first()).toBeVisible();
  await expect(page.getByText("Bot 2 (Hard)").first()).toBeVisible();
  await page.getByRole("button", { name: /^Draw/ }).click();
  await page.getByRole("button", { name: "Leave", exact: true }).click();
  await page.getByRole("button", { name: "Yes, leave" }).click();

  const end = page.getByRole("dialog", { name: "End of the hand" });
  await expect(end).toBeVisible({ timeout: 100_000 });
  await expect(end.getByTestId("score-0")).toContainText("−15");
  const breakdown = end.getByTestId("score-breakdown");
  await expect(breakdown).toContainText("−15 for being eliminated or leaving the hand");
  await expect(breakdown).toContainText(
    /50 − \d+ left in the stock \+ \d+ in the others' hands|shared pile/,
  );
  const replay = end.getByRole("link", { name: "Replay this hand" });
  await expect(replay).toBeVisible();
  const again = end.getByRole("button", { name: "Play again" });
  await expect(again).toBeVisible();
  await shots(page, "end-of-hand");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // The whole dialog and its buttons fit in the window.
    const box = (await again.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(size.height);
  }
  await page.setViewportSize(SIZES[0]);
  // The dialog steps aside to show the final table, and comes back.
  await end.getByRole("button", { name: "Look at the table" }).click();
  await expect(end).toBeHidden();
  await page.getByRole("button", { name: "Show the result" }).click();
  await expect(end).toBeVisible();

  await replay.click();
  await expect(page).toHaveURL(`/replay/${matchId}`);
  const step = page.getByTestId("replay-step");
  await expect(step).toContainText("Step 0 of");
  await page.getByTestId("replay-next-move").click();
  await expect(step).toContainText(/at \d+:\d\d: Bot [12] \(Hard\) |at \d+:\d\d: after_/);
  await expect(step).not.toContainText("the clock");
  await page.getByTestId("replay-autoplay").click();
  await expect(step).not.toContainText(/Step [01] of/, { timeout: 10_000 });
  await page.getByTestId("replay-autoplay").click();
  await shots(page, "replay");
  await page.getByRole("button", { name: /End/ }).click();
  await expect(page.getByText(/Hand over/)).toBeVisible();

  await page.goto(`/play/${matchId}`);
  await expect(end).toBeVisible();
  await end.getByRole("button", { name: "Play again" }).click();
  await expect(page).not.toHaveURL(`/play/${matchId}`);
  await expect(page).toHaveURL(/\/play\//);
  await expect(page.getByTestId("game-table")).toBeVisible();
});

test("a signed-out visitor who follows Watch is told what signing in is for, with sign-up and practice", async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0]);
  await page.goto("/play/some-hand");
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  const lead = page.getByTestId("came-for");
  await expect(lead).toContainText("Sign in to watch this hand live");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute(
    "href",
    "/signup?callbackUrl=%2Fplay%2Fsome-hand",
  );
  await expect(lead.getByRole("link")).toHaveAttribute("href", "/practice");
  await shots(page, "signin-watch");
  // And back: the sign-up page's way to sign in keeps where the visitor was headed.
  await page.getByRole("link", { name: "Create an account" }).click();
  await expect(page.getByRole("link", { name: "Sign in", exact: true }).last()).toHaveAttribute(
    "href",
    "/signin?callbackUrl=%2Fplay%2Fsome-hand",
  );
});

test("a signed-out visitor tries a practice hand as a guest, in the browser alone", async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0]);
  await page.goto("/practice");
  await page.getByTestId("guest-easy").click();
  await expect(page).toHaveURL("/practice/guest?level=easy");
  await expect(page.getByTestId("game-table")).toBeVisible();
  await expect(page.getByText("Guest practice: nothing is kept")).toBeVisible();
  await expect(page.getByText("Bot 2 (Easy)").first()).toBeVisible();
  await page.getByRole("button", { name: /^Draw/ }).click();
  await expect(page.getByRole("button", { name: "Draw (33 left)" })).toBeVisible();
  await shots(page, "guest-practice");
});
