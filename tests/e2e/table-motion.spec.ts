// Moves you can see and a table you can learn (issue 51): the other players see a card fly
// when one declares cards; table cards are wide enough to touch; the tutorial can be played to
// its end at desktop and phone sizes; a hand card is a few Tab presses from the staging area.

import { mkdirSync } from "node:fs";
import { type Browser, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { closeContexts, openMatch, signUp } from "./table-helpers";

test.afterEach(closeContexts);

const SCREENSHOTS = "artifacts/screenshots";
const SIZES = [
  { name: "1280x800", width: 1280, height: 800 },
  { name: "390x844", width: 390, height: 844 },
];
const ALL_SIZES = [
  ...SIZES,
  { name: "1366x768", width: 1366, height: 768 },
  { name: "844x390", width: 844, height: 390 },
];

/**
 * From now on the page records every flying card and how far it travels: the distance
 * between its animation's first and last positions (a page in the background may not draw
 * frames, so its keyframes say it, not a sample of the screen).
 */
async function watchFlights(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __flights: { card: string; moved: number }[] };
    w.__flights = [];
    new MutationObserver((changes) => {
      for (const change of changes)
        for (const node of change.addedNodes) {
          if (!(node instanceof HTMLElement) || !node.hasAttribute("data-flying-card")) continue;
          const effect = node.getAnimations()[0]?.effect as KeyframeEffect | undefined;
          const first = effect?.getKeyframes()[0]?.transform;
          const [, x, y] = /translate\(([-\d.]+)px, ([-\d.]+)px\)/.exec(String(first)) ?? [];
          w.__flights.push({
            card: node.getAttribute("data-flying-card") ?? "",
            moved: Math.hypot(Number(x ?? 0), Number(y ?? 0)),
          });
        }
    }).observe(document.body, { childList: true });
  });
}

const flights = (page: Page) =>
  page.evaluate(
    () => (window as unknown as { __flights: { card: string; moved: number }[] }).__flights,
  );

/** On each page, `seated` cards show in the seats and at least one flew since `watchFlights`. */
async function expectFlights(pages: Page[], seated: number, message: string): Promise<void> {
  for (const page of pages) {
    await expect(page.locator("[data-seat] [data-card-id]")).toHaveCount(seated);
    await expect
      .poll(async () => (await flights(page)).filter((f) => f.moved > 4).length, { message })
      .toBeGreaterThan(0);
  }
}

async function player(browser: Browser, name: string, size: (typeof SIZES)[number]) {
  const context = await browser.newContext({ viewport: size });
  const page = await context.newPage();
  await signUp(page, name);
  return page;
}

test("the other players see a card fly: cards declared by one player fly into her seat on the others’ screens, at 1280×800, 390×844, 1366×768 and 844×390", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  const tag = Date.now().toString(36);
  const ada = await player(browser, `mada_${tag}`, SIZES[0]!);
  const bruno = await player(browser, `mbruno_${tag}`, SIZES[0]!);
  const chiara = await player(browser, `mchiara_${tag}`, SIZES[1]!);
  const matchId = await openMatch(ada);
  await ada.goto(`/play/${matchId}`);
  for (const page of [bruno, chiara]) {
    await page.goto(`/play/${matchId}`);
    await page.getByRole("button", { name: "Take a seat" }).click();
  }
  for (const page of [ada, bruno, chiara])
    await expect(page.getByTestId("game-table")).toBeVisible();

  // Ada draws three cards and declares them: on the others' screens they fly into her seat.
  const handCards = ada.getByTestId("drop-hand").locator("button[data-testid^='hand:']");
  for (let n = 1; n <= 3; n++) {
    await ada.getByRole("button", { name: /^Draw/ }).click();
    await expect(handCards).toHaveCount(n);
  }
  for (const page of [bruno, chiara]) await watchFlights(page);
  for (let n = 0; n < 3; n++) {
    await handCards.first().click();
    await ada.getByTestId("drop-staging").click();
  }
  await expect(ada.getByTestId("drop-staging").locator("[data-card]")).toHaveCount(3);
  await expectFlights([bruno, chiara], 3, "a card seen moving on another player's screen");
  await chiara.screenshot({ path: `${SCREENSHOTS}/motion-staged-390x844.png` });
  await bruno.screenshot({ path: `${SCREENSHOTS}/motion-staged-1280x800.png` });

  // The same at the other two sizes: a card taken back and declared again flies on both
  // screens (no draw while cards are declared, §5.3).
  await bruno.setViewportSize({ width: 1366, height: 768 });
  await chiara.setViewportSize({ width: 844, height: 390 });
  await ada.getByTestId("drop-staging").locator("button").first().click();
  await ada.getByTestId("drop-hand").click({ position: { x: 4, y: 4 } });
  await expect(handCards).toHaveCount(1);
  for (const page of [bruno, chiara])
    await expect(page.locator("[data-seat] [data-card-id]")).toHaveCount(2);
  for (const page of [bruno, chiara]) await watchFlights(page);
  await handCards.first().click();
  await ada.getByTestId("drop-staging").click();
  await expectFlights([bruno, chiara], 3, "a card seen moving at a second size");
  await chiara.screenshot({ path: `${SCREENSHOTS}/motion-staged-844x390.png` });
  await bruno.screenshot({ path: `${SCREENSHOTS}/motion-staged-1366x768.png` });
});

test("table cards fan 32 px apart and the tutorial can be played to its end, at 1280×800 and 390×844", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  for (const size of SIZES) {
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    await page.goto("/tutorial");
    const step = page.getByTestId("tutorial-step");
    await expect(step).toHaveAttribute("data-step", "draw");

    // Every table card shows at least 32 px of itself to a finger.
    const melds = page.locator("[data-testid^='drop-meld:']");
    await expect(melds).toHaveCount(3);
    for (const meld of await melds.all()) {
      const boxes = await meld
        .locator("button[data-testid^='table:']")
        .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().toJSON() as DOMRect));
      for (let i = 0; i + 1 < boxes.length; i++) {
        expect(
          boxes[i + 1]!.x - boxes[i]!.x,
          `a table card's width to touch`,
        ).toBeGreaterThanOrEqual(32);
        expect(boxes[i]!.height).toBeGreaterThanOrEqual(32);
      }
    }
    await page.screenshot({ path: `${SCREENSHOTS}/tutorial-start-${size.name}.png` });

    const hand = (name: string) =>
      page.getByTestId("drop-hand").locator(`button:has([data-card="${name}"])`);
    const staged = (name: string) =>
      page.getByTestId("drop-staging").locator(`button:has([data-card="${name}"])`);
    const onTable = (name: string) =>
      page.locator(`button[data-testid^='table:']:has([data-card="${name}"])`);
    const meldOf = (name: string) =>
      page.locator(`[data-testid^='drop-meld:']:has([data-card="${name}"])`);
    const toStaging = async (...names: string[]) => {
      for (const name of names) {
        await hand(name).click();
        await page.getByTestId("drop-staging").click({ position: { x: 4, y: 4 } });
        await expect(staged(name)).toBeVisible();
      }
    };
    const expectStep = (name: string) => expect(step).toHaveAttribute("data-step", name);

    await page.getByRole("button", { name: /^Draw/ }).click();
    await expectStep("stage");
    await toStaging("7♥", "8♥", "9♥");
    await expectStep("lay");
    await page.screenshot({ path: `${SCREENSHOTS}/tutorial-lay-${size.name}.png` });
    await page.getByTestId("action-lay").click();
    await expectStep("add");
    // A hand card picked up: every meld lights up, the free space does not.
    await hand("5♠").click();
    await expect(page.locator("[data-testid^='drop-meld:'][data-lit]")).toHaveCount(4);
    await expect(page.getByTestId("drop-new")).not.toHaveAttribute("data-lit");
    await page.screenshot({ path: `${SCREENSHOTS}/tutorial-lit-${size.name}.png` });
    await meldOf("2♠").click({ position: { x: 4, y: 4 } });
    await expectStep("declare");
    await toStaging("10♣", "J♣");
    await onTable("9♣").click({ position: { x: 8, y: 12 } });
    // A table card lights up only the melds it could still belong to.
    await expect(meldOf("2♠")).not.toHaveAttribute("data-lit");
    await expect(page.getByTestId("drop-new")).toHaveAttribute("data-lit");
    await page.getByTestId("drop-new").click();
    await staged("10♣").click();
    await meldOf("9♣")
      .first()
      .click({ position: { x: 4, y: 4 } });
    await staged("J♣").click();
    await meldOf("10♣").click({ position: { x: 4, y: 4 } });
    await expectStep("undo");
    await toStaging("Q♣");
    await onTable("9♠").click({ position: { x: 8, y: 12 } });
    await page.getByTestId("drop-new").click();
    await page.getByTestId("action-cancel").click();
    await expectStep("stop");
    await page.getByTestId("action-stop").click();
    await page.getByRole("button", { name: "Yes, call «Stop!»" }).click();
    await expectStep("finish");
    await toStaging("K♠", "K♥", "K♣");
    await page.getByTestId("action-lay").click();
    await hand("Q♣").click();
    await meldOf("10♣").click({ position: { x: 4, y: 4 } });
    await expectStep("done");
    await page.screenshot({ path: `${SCREENSHOTS}/tutorial-done-${size.name}.png` });
    await context.close();
  }
});

test("a few Tab presses from a hand card to the staging area; the legend and the language at the table", async ({
  page,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize(SIZES[0]!);
  await page.goto("/tutorial");
  await page.getByRole("button", { name: /^Draw/ }).click();
  const first = page.getByTestId("drop-hand").locator("button[data-testid^='hand:']").first();
  await first.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  let presses = 0;
  while (
    (await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))) !==
      "drop-staging" &&
    presses < 30
  ) {
    await page.keyboard.press("Shift+Tab");
    presses++;
  }
  expect(presses, "Shift+Tab presses from a hand card to the staging area").toBeLessThanOrEqual(3);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("drop-staging").locator("[data-card]")).toHaveCount(1);

  await page.getByTestId("legend-open").click();
  await expect(page.getByTestId("legend")).toContainText("on trial");
  await page.screenshot({ path: `${SCREENSHOTS}/table-legend-1280x800.png` });
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.getByTestId("legend")).toHaveCount(0);

  // The tutorial's step fits two short lines on a phone, upright or sideways, unfolded on
  // request; whole elsewhere.
  const step = page.getByTestId("tutorial-step");
  for (const size of ALL_SIZES) {
    await page.setViewportSize(size);
    const phone = size.width < 640 || size.height < 512;
    const { height } = (await step.boundingBox())!;
    expect(height, `the tutorial's step at ${size.name}`).toBeLessThanOrEqual(phone ? 44 : 64);
    await page.screenshot({ path: `${SCREENSHOTS}/tutorial-step-${size.name}.png` });
    // Upright, the step is longer than two lines: unfolded, it is read whole.
    if (size.width >= 640) continue;
    await step.getByRole("button", { name: "Show the whole step" }).click();
    await expect.poll(async () => (await step.boundingBox())!.height).toBeGreaterThan(height);
    await page.screenshot({ path: `${SCREENSHOTS}/tutorial-step-open-${size.name}.png` });
    await step.getByRole("button", { name: "Show less" }).click();
  }
  await page.setViewportSize(SIZES[0]!);
  await page.getByTestId("game-table").getByRole("combobox").selectOption("it");
  await expect(page.getByTestId("tutorial-step")).toContainText("Passo");
});
