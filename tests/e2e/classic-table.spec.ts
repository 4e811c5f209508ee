// The classic table on its preview page (the engine and three easy bots in the browser,
// no server): at desktop and phone sizes, a card played to a combination, a rearrangement,
// an invalid combination marked with its reason, and a failed move's restore and penalty,
// with everything that matters inside the viewport; and a round the bots play to its end
// dialog. Screenshots of each state.

import { mkdirSync } from "node:fs";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { cards } from "@/engine/cards";
import { drag } from "./table-helpers";

const SCREENSHOTS = "artifacts/screenshots";
const SIZES = [
  { name: "1280x800", width: 1280, height: 800 },
  { name: "390x844", width: 390, height: 844 },
];
// The preview's laid-out first turn (src/components/classic/fixture.ts): combinations 1-3.
const [h10, h5, d4, d6, d5, d5b] = cards("10H 5H 4D 6D 5D 5D") as number[];
const RUN = 1;
const FIVES = 2;
/** The first new combination's id: after the three laid out. */
const FRESH = 4;

async function open(page: Page): Promise<void> {
  await page.goto("/table/classic-preview?pace=150");
  await expect(page.getByTestId("turn")).toContainText("Your turn");
}

/** Moves a card by tap-tap (phone) or by dragging it (desktop). */
async function moveCard(page: Page, phone: boolean, from: string, to: string): Promise<void> {
  if (!phone) return drag(page, from, to);
  await page.getByTestId(from).click({ position: { x: 8, y: 12 } });
  await page.getByTestId(to).click({ position: { x: 4, y: 4 } });
}

const combination = (page: Page, id: number) => page.getByTestId(`drop-combination:${id}`);
const cardsIn = (page: Page, id: number) => combination(page, id).locator("button");

async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = (await locator.boundingBox())!;
  const { width, height } = page.viewportSize()!;
  expect(
    box.x >= -0.5 &&
      box.y >= -0.5 &&
      box.x + box.width <= width + 0.5 &&
      box.y + box.height <= height + 0.5,
    `${what} at ${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`,
  ).toBe(true);
}

for (const size of SIZES) {
  const phone = size.width < 600;
  test.describe(`classic table at ${size.name}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    test.beforeAll(() => mkdirSync(SCREENSHOTS, { recursive: true }));

    test("a card to a combination, a rearrangement, and the turn ends", async ({ page }) => {
      await open(page);
      for (const [what, id] of [
        ["the turn and its clock", "turn-clock"],
        ["the stock", "stock"],
        ["the rack", "rack"],
      ] as const)
        await expectOnScreen(page, page.getByTestId(id), what);
      await page.screenshot({ path: `${SCREENSHOTS}/classic-${size.name}-start.png` });

      await moveCard(page, phone, `hand:${h10}`, `drop-combination:${RUN}`);
      await expect(cardsIn(page, RUN)).toHaveCount(4);

      // The rearrangement: 5♦ leaves the fives for 4♦ 6♦; 5♥ takes its place in the set.
      await moveCard(page, phone, `table:${d5}:${FIVES}`, "drop-new");
      await expect(page.locator(`[data-reason="${FIVES}"]`)).toContainText("at least 3 cards");
      await moveCard(page, phone, `hand:${d4}`, `drop-combination:${FRESH}`);
      await moveCard(page, phone, `hand:${d6}`, `drop-combination:${FRESH}`);
      await page.screenshot({ path: `${SCREENSHOTS}/classic-${size.name}-rearranging.png` });
      await moveCard(page, phone, `hand:${h5}`, `drop-combination:${FIVES}`);
      await expect(page.locator("[data-reason]")).toHaveCount(0);
      await expect(cardsIn(page, FRESH)).toHaveCount(3);
      await expect(page.getByTestId("work")).toContainText("4 cards from the hand");
      await page.screenshot({ path: `${SCREENSHOTS}/classic-${size.name}-rearranged.png` });

      await page.locator('[data-action="end"]').click();
      await expect(page.getByTestId("turn")).toContainText("Bruno");
      await expect(page.getByRole("heading", { name: /Your hand \(9\)/ })).toBeVisible();
      await expect(page.getByTestId("failed-move")).toHaveCount(0);
    });

    test("an invalid combination is marked with its reason; ending the turn fails and draws 3", async ({
      page,
    }) => {
      await open(page);
      await moveCard(page, phone, `hand:${d5b}`, `drop-combination:${FIVES}`);
      const reason = page.locator(`[data-reason="${FIVES}"]`);
      await expect(reason).toHaveText(/two 5♦ in one set/);
      await expectOnScreen(page, reason, "the reason");
      await expect(page.getByTestId("work")).toContainText("not valid yet");
      await page.screenshot({ path: `${SCREENSHOTS}/classic-${size.name}-invalid.png` });

      await page.locator('[data-action="end"]').click();
      const failed = page.getByTestId("failed-move");
      await expect(failed).toContainText("two 5♦ in one set");
      await expect(failed).toContainText("3 penalty cards");
      await expectOnScreen(page, failed, "the failed move");
      await expect(page.getByTestId("seat-0").getByTestId("penalty-mark")).toHaveText(/\+3/);
      // The table is put back as it was; the hand holds its 13 cards and the 3 drawn.
      await expect(cardsIn(page, FIVES)).toHaveCount(3);
      await expect(page.locator("[data-reason]")).toHaveCount(0);
      await expect(page.getByRole("heading", { name: /Your hand \(16\)/ })).toBeVisible();
      await page.screenshot({ path: `${SCREENSHOTS}/classic-${size.name}-failed.png` });
    });
  });
}

test("a round watched to its end: the dialog lists the four players' penalties, each total after the first round its penalty", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.clock.install();
  await page.goto("/table/classic-preview?watch=1&pace=200&variants=guadalupe");
  // From here the page's clock moves only when told: the dialog stays up while it is read
  // instead of closing when the bots get ready for the next round.
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  const dialog = page.getByRole("dialog");
  for (let step = 0; step < 3000 && !(await dialog.isVisible()); step++)
    await page.clock.runFor(50);
  const rows = dialog.getByTestId("round-lines").locator("tbody tr");
  await expect(rows).toHaveCount(4);
  await expect(rows.filter({ hasText: "You" })).toHaveCount(1);
  for (const row of await rows.all()) {
    const penalty = (await row.locator("td").nth(1).textContent())!;
    expect(penalty).toMatch(/^\+\d+$/);
    await expect(row.locator("td").nth(2)).toHaveText(penalty.slice(1));
  }
  await page.screenshot({ path: `${SCREENSHOTS}/classic-round-end.png` });
});
