// The table as one screen (issue 51): at desktop and phone sizes the rack, the buttons, the
// play clock and the notices are inside the viewport without page scroll; «Stop!» and Give up
// ask first; a dropped connection shows the reconnecting state and resumes.

import { mkdirSync } from "node:fs";
import { type Locator, type Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { closeContexts, signUp } from "./table-helpers";

test.afterEach(closeContexts);

const SCREENSHOTS = "artifacts/screenshots";
const SIZES = [
  { name: "1280x800", width: 1280, height: 800 },
  { name: "1366x768", width: 1366, height: 768 },
  { name: "390x844", width: 390, height: 844 },
  { name: "844x390", width: 844, height: 390 },
];

const tag = () => Date.now().toString(36);

async function practiceTable(page: Page, name: string): Promise<void> {
  await signUp(page, `${name}_${tag()}`);
  const response = await page.request.post("/api/trpc/practice.start", {
    data: { json: { level: "easy" } },
  });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { json: { matchId: string } } } };
  await page.goto(`/play/${body.result.data.json.matchId}`);
  await expect(page.getByTestId("game-table")).toBeVisible();
}

/** The element's whole box lies inside the viewport. */
async function expectOnScreen(page: Page, locator: Locator, what: string): Promise<void> {
  await expect(locator, what).toBeVisible();
  const box = await locator.boundingBox();
  const { width, height } = page.viewportSize()!;
  expect(box, what).not.toBeNull();
  const { x, y, width: w, height: h } = box!;
  expect(
    {
      what,
      left: x >= -0.5,
      top: y >= -0.5,
      right: x + w <= width + 0.5,
      bottom: y + h <= height + 0.5,
    },
    `${what} at ${Math.round(x)},${Math.round(y)} ${Math.round(w)}×${Math.round(h)} in ${width}×${height}`,
  ).toEqual({ what, left: true, top: true, right: true, bottom: true });
}

/** The player cannot scroll the page: it fits, or the table's frame has locked its scrolling. */
async function expectNoPageScroll(page: Page): Promise<void> {
  const scroll = await page.evaluate(() => {
    const root = document.scrollingElement!;
    return {
      locked: getComputedStyle(document.documentElement).overflow === "hidden",
      fits: root.scrollHeight <= window.innerHeight && root.scrollWidth <= window.innerWidth,
    };
  });
  expect(scroll.locked || scroll.fits, "the page scrolls").toBe(true);
}

test("one screen at 1280×800, 1366×768, 390×844 and 844×390: the rack, the buttons and the 40 s play clock in view, the Hint open too", async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await practiceTable(page, "layout");
  const rack = page.getByTestId("rack");
  const hand = page.getByTestId("drop-hand");
  const handCards = hand.locator("button[data-testid^='hand:']");
  const firstCard = handCards.first();
  // The hand starts empty: cards come from the player's own stock (§4).
  for (let n = 1; n <= 6; n++) {
    await page.getByRole("button", { name: /^Draw/ }).click();
    await expect(handCards).toHaveCount(n);
  }

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoPageScroll(page);
    await expectOnScreen(page, rack, `rack at ${size.name}`);
    await expectOnScreen(page, page.getByTestId("actions"), `buttons at ${size.name}`);
    await expectOnScreen(page, page.getByRole("button", { name: /^Draw/ }), `Draw at ${size.name}`);
    await expectOnScreen(page, firstCard, `a hand card at ${size.name}`);
    await expectOnScreen(page, page.getByTestId("drop-staging"), `staging at ${size.name}`);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-${size.name}.png` });
  }

  // A declared card starts the player's play and its 40 s clock (§5.3), shown by the rack.
  await firstCard.click();
  await page.getByTestId("drop-staging").click();
  const playClock = page.locator("[data-testid=rack] [data-clock=play]");
  await expect(playClock).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoPageScroll(page);
    await expectOnScreen(page, playClock, `play clock at ${size.name}`);
  }

  // The Hint opens in the table's own area: the rack keeps its place.
  await page.getByRole("button", { name: "Hint", exact: true }).click();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoPageScroll(page);
    await expectOnScreen(page, page.getByTestId("actions"), `buttons, Hint open, at ${size.name}`);
    await expectOnScreen(page, firstCard, `a card, Hint open, at ${size.name}`);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-hint-${size.name}.png` });
  }
});

test("«Stop!» and Give up ask first and say the −15 they can cost (§9)", async ({ page }) => {
  test.setTimeout(90_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await practiceTable(page, "stopper");

  const ask = page.getByRole("alertdialog");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.getByTestId("action-stop").click();
    await expect(ask).toContainText("−15");
    await expectOnScreen(page, ask, `the «Stop!» question at ${size.name}`);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-stop-confirm-${size.name}.png` });
    // "Not now" is the safe default: focused, and nothing was called.
    await expect(ask.getByRole("button", { name: "Not now" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(ask).toBeHidden();
    await expect(page.getByTestId("situation")).toBeHidden();
  }

  await page.getByTestId("action-stop").click();
  await page.getByRole("button", { name: "Yes, call «Stop!»" }).click();
  // The freeze's notice and its clock, where the eye is, at every size.
  const situation = page.getByTestId("situation");
  await expect(situation).toContainText("Your freeze");
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectNoPageScroll(page);
    await expectOnScreen(page, situation, `the freeze notice at ${size.name}`);
    await expectOnScreen(
      page,
      page.getByTestId("actions"),
      `buttons in the freeze at ${size.name}`,
    );
    await page.screenshot({ path: `${SCREENSHOTS}/layout-freeze-${size.name}.png` });
  }

  await page.getByTestId("action-giveup").click();
  await expect(page.getByRole("alertdialog")).toContainText("−15");
  await page.getByRole("button", { name: "Yes, give up" }).click();
  await expect(page.getByTestId("situation")).toContainText("You are eliminated");
});

test("a dropped connection: «Reconnecting…», the actions refused here and the own seat away, then a resume", async ({
  page,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A network gone, as the page lives it: its socket closes and every new one fails to
  // connect (so the tRPC client retries with its back-off), and HTTP requests fail.
  await page.addInitScript(() => {
    const w = window as unknown as { __offline: boolean; __sockets: WebSocket[] };
    const Native = window.WebSocket;
    w.__offline = false;
    w.__sockets = [];
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(w.__offline ? "ws://127.0.0.1:9/" : url, protocols);
        w.__sockets.push(this);
      }
    };
  });
  // The socket is closed before HTTP goes offline, so its closing handshake is not held up.
  const network = async (up: boolean) => {
    if (up) await page.context().setOffline(false);
    await page.evaluate((up) => {
      const w = window as unknown as { __offline: boolean; __sockets: WebSocket[] };
      w.__offline = !up;
      if (!up) for (const socket of w.__sockets) socket.close();
    }, up);
    if (!up) await page.context().setOffline(true);
  };
  await practiceTable(page, "offline");
  const draw = page.getByRole("button", { name: /^Draw/ });
  await expect(draw).toBeEnabled();

  await network(false);
  await expect(page.getByTestId("reconnecting")).toBeVisible();
  await expect(draw).toBeDisabled();
  await expect(page.getByTestId("rack").getByRole("status")).toContainText("away");
  // The draw key still tries: the move is refused here, in words, and nothing is sent (each
  // size tries again, as the toast goes after 5 s).
  const toast = page.getByRole("alert").filter({ hasText: "Connection lost" });
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.keyboard.press("d");
    await expectOnScreen(page, page.getByTestId("reconnecting"), `reconnecting at ${size.name}`);
    await expectOnScreen(page, toast, `the refusal toast at ${size.name}`);
    await page.screenshot({ path: `${SCREENSHOTS}/layout-offline-${size.name}.png` });
  }
  await expect(page.getByText("Failed to fetch")).toHaveCount(0);

  await network(true);
  await expect(page.getByTestId("reconnecting")).toBeHidden({ timeout: 45_000 });
  await expect(page.getByRole("status").filter({ hasText: "Reconnected" })).toBeVisible();
  await expect(draw).toBeEnabled();
  await page.screenshot({ path: `${SCREENSHOTS}/layout-resumed.png` });
});
