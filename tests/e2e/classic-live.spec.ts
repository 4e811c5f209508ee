import { mkdirSync } from "node:fs";
import { expect, test } from "./fixtures";
import { closeContexts, signUp } from "./table-helpers";

test.afterEach(closeContexts);

// Classic Machiavelli on the live server: a practice game against two bots, from the practice
// page to the table the server streams. The e2e server's bots play at a twentieth of their pace.
const SCREENSHOTS = "artifacts/screenshots";
const tag = () => Date.now().toString(36);

test("classic practice: the Hint answers on your turn, the bots play their turns live, a draw ends yours, and a failed move draws 3 for all to see", async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await signUp(page, `classic_${tag()}`);
  await page.goto("/practice");
  await page.getByRole("button", { name: "Start a classic game" }).click();
  await page.waitForURL(/\/play\//);
  const turn = page.getByTestId("turn");
  // Seat 0 starts the first round.
  await expect(turn).toContainText("Your turn");
  await expect(page.getByRole("heading", { name: /Your hand \(13\)/ })).toBeVisible();

  // The Hint (a practice game): what it finds for the hand, in words, then hidden again.
  await page.getByTestId("hint-open").click();
  await expect(page.getByTestId("hint-message")).toHaveText(
    /can go onto the table|No placement found|Too complex/,
    { timeout: 30_000 },
  );
  await page.getByRole("button", { name: "Hide the hint" }).click();
  await expect(page.getByTestId("hint-panel")).toHaveCount(0);

  // Drawing ends the turn: the bots play theirs (each seen in the news line), and the turn
  // comes back.
  await page.locator('[data-action="draw"]').click();
  await expect(page.getByRole("heading", { name: /Your hand \(14\)/ })).toBeVisible();
  await expect(page.getByTestId("news")).toContainText(/Bot/, { timeout: 60_000 });
  await expect(turn).toContainText("Your turn", { timeout: 60_000 });

  // One card alone on a new space is no combination: ending the turn fails, the card comes
  // back and three penalty cards are drawn.
  const first = page.getByTestId("rack").locator('[data-testid^="hand:"]').first();
  await first.click({ position: { x: 8, y: 12 } });
  await page.getByTestId("drop-new").click({ position: { x: 4, y: 4 } });
  await expect(page.getByTestId("work")).toContainText("not valid yet");
  await page.locator('[data-action="end"]').click();
  await expect(page.getByTestId("failed-move")).toContainText("3 penalty cards");
  await expect(page.getByTestId("seat-0").getByTestId("penalty-mark")).toHaveText(/\+3/);
  await expect(page.getByRole("heading", { name: /Your hand \(17\)/ })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}/classic-live-failed.png` });
});
