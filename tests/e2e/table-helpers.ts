// Helpers for the table's end-to-end tests: players, a match through the real API,
// gestures by mouse, touch and keyboard.

import { type Browser, type Page } from "@playwright/test";
import { expect } from "./fixtures";

export const PASSWORD = "correct horse battery";

/** A new player, signed up and signed in in this page's context. */
export async function signUp(page: Page, name: string): Promise<void> {
  await page.goto("/signup");
  const [nameField, passwordField] = [page.getByLabel("Name"), page.getByLabel("Password")];
  await nameField.fill(name);
  await passwordField.fill(PASSWORD);
  await expect(nameField).toHaveValue(name);
  await expect(passwordField).toHaveValue(PASSWORD);
  // The button is enabled once the form is hydrated (SubmitButton).
  await page.getByRole("button", { name: "Create account" }).click();
  // Two bcrypt rounds (sign-up, then sign-in) and the profile's render, on a loaded 2-core CI
  // machine and often for three players at once: seconds, well past expect's default.
  await expect(page).toHaveURL(`/u/${name}`, { timeout: 30_000 });
}

/** A new player in a browser context of their own. */
export async function signedUpPlayer(browser: Browser, name: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signUp(page, name);
  return page;
}

/** Calls a tRPC mutation that opens a table, with the page's session; the table's match id. */
async function openTable(page: Page, path: string, json: unknown): Promise<string> {
  const response = await page.request.post(`/api/trpc/${path}`, { data: { json } });
  expect(response.ok()).toBe(true);
  const body = (await response.json()) as { result: { data: { json: { matchId: string } } } };
  return body.result.data.json.matchId;
}

/** Opens a table through the tRPC API with the page's session; the opener sits at seat 0. */
export const openMatch = (page: Page) => openTable(page, "match.open", null);

/** A classic practice table, the player at seat 0 (`fastClock`: MATCH_CLOCK_SCALE times faster). */
export const openClassicPractice = (
  page: Page,
  input: { bots: string[]; options: object; fastClock?: boolean },
) => openTable(page, "practice.classic", input);

/** Drags one element onto another with the mouse, in small steps as dnd-kit expects. */
export async function drag(page: Page, fromTestId: string, toTestId: string): Promise<void> {
  // The corner of a card is visible even where cards overlap in a meld.
  await page.getByTestId(fromTestId).dragTo(page.getByTestId(toTestId), {
    sourcePosition: { x: 8, y: 12 },
    steps: 12,
  });
}

/** Drags with a finger: touch, hold a moment (as dnd-kit's touch sensor asks), slide, lift. */
export async function touchDrag(page: Page, fromTestId: string, toTestId: string): Promise<void> {
  const source = page.getByTestId(fromTestId);
  await source.scrollIntoViewIfNeeded();
  const from = await source.boundingBox();
  const to = await page.getByTestId(toTestId).boundingBox();
  if (!from || !to) throw new Error(`cannot drag ${fromTestId} to ${toTestId}`);
  const cdp = await page.context().newCDPSession(page);
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: type === "touchEnd" ? [] : [{ x, y }],
    });
  const [x0, y0] = [from.x + 8, from.y + 12];
  const [x1, y1] = [to.x + to.width / 2, to.y + to.height / 2];
  await touch("touchStart", x0, y0);
  // Waited for on the page's own clock: on a loaded machine its 120 ms hold timer may fire
  // late, and a finger that moves before it does cancels the drag.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 150)));
  // A frame between moves: dnd-kit works out what is under the finger once per frame.
  for (let i = 1; i <= 10; i++) {
    await touch("touchMove", x0 + ((x1 - x0) * i) / 10, y0 + ((y1 - y0) * i) / 10);
    await nextFrame(page);
  }
  await nextFrame(page);
  await touch("touchEnd", x1, y1);
  await cdp.detach();
}

/** Resolves once the page has drawn a frame. */
function nextFrame(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())),
  );
}

/**
 * Presses Tab until the element with this test id has the focus, or Shift+Tab when it comes
 * before the focus: keyboard only, and in fewer key presses (each one a round trip). A group
 * of cards (the hand, a meld) is one Tab stop: inside it the arrow keys move.
 */
export async function tabTo(page: Page, testId: string, limit = 120): Promise<void> {
  const target = page.getByTestId(testId);
  for (let i = 0; i < limit; i++) {
    const where = await target.evaluate((element) => {
      const focus = document.activeElement;
      if (focus === element) return "here";
      const after = Node.DOCUMENT_POSITION_FOLLOWING;
      const behind =
        focus && focus !== document.body && element.compareDocumentPosition(focus) & after;
      const group = element.closest("[data-roving]");
      if (group && focus && group === focus.closest("[data-roving]"))
        return behind ? "left" : "right";
      return behind ? "behind" : "ahead";
    });
    if (where === "here") return;
    const key = { left: "ArrowLeft", right: "ArrowRight", behind: "Shift+Tab", ahead: "Tab" };
    await page.keyboard.press(key[where]);
  }
  throw new Error(`Tab never reached ${testId}`);
}

/** Keyboard only: Tab to a card, Enter to pick it, Tab to the target, Enter to put it there. */
export async function keyboardMove(page: Page, cardTestId: string, targetTestId: string) {
  await tabTo(page, cardTestId);
  await page.keyboard.press("Enter");
  await tabTo(page, targetTestId);
  await page.keyboard.press("Enter");
}

/** Touch: tap a card, then tap where it goes. */
export async function tapMove(page: Page, cardTestId: string, targetTestId: string) {
  const card = page.getByTestId(cardTestId);
  // A tap the page is too busy to handle before dnd-kit's 120 ms touch hold fires is taken as a
  // drag that goes nowhere, and within 50 ms of a drag's end a tap is swallowed: as a player
  // would, tap again until the card shows as selected.
  await expect(async () => {
    if ((await card.getAttribute("aria-pressed")) !== "true")
      await card.tap({ position: { x: 8, y: 12 } });
    await expect(card).toHaveAttribute("aria-pressed", "true", { timeout: 1000 });
  }).toPass();
  await page.getByTestId(targetTestId).tap({ position: { x: 8, y: 8 } });
}

/** A card moved as the page's player would: tap-tap on a phone, a mouse drag on a desktop. */
export async function moveCard(page: Page, cardTestId: string, targetTestId: string) {
  const phone = (page.viewportSize()?.width ?? 1280) < 600;
  await (phone ? tapMove : drag)(page, cardTestId, targetTestId);
}

// The classic table.

/** The id of the combination holding this card, read off the table once it has left `leaving`. */
export async function combinationOf(page: Page, card: number, leaving?: number): Promise<number> {
  if (leaving !== undefined)
    await expect(page.getByTestId(`table:${card}:${leaving}`)).toHaveCount(0);
  const testId = await page.locator(`[data-testid^="table:${card}:"]`).getAttribute("data-testid");
  return Number(testId!.split(":")[2]);
}

/** The cards of one combination on the table. */
export const cardsIn = (page: Page, id: number) =>
  page.getByTestId(`drop-combination:${id}`).locator('[data-testid^="table:"]');

/** Where a card of the mover's is: the hand, or (Tahiti) the face-up cards. */
export async function own(page: Page, card: number): Promise<string> {
  return (await page.getByTestId(`hand:${card}`).count()) > 0 ? `hand:${card}` : `faceUp:${card}`;
}

/** Lays cards as a new combination: the first on a new space, the rest onto it; its id. */
export async function lay(page: Page, cards: number[]): Promise<number> {
  await moveCard(page, await own(page, cards[0]!), "drop-new");
  const id = await combinationOf(page, cards[0]!);
  for (const card of cards.slice(1))
    await moveCard(page, await own(page, card), `drop-combination:${id}`);
  await expect(cardsIn(page, id)).toHaveCount(cards.length);
  return id;
}

/**
 * Stands between this page and the server's WebSocket, to stage what networks do: while
 * paused, the page's table is stale (its player can reach for a card someone else already
 * took); a drop cuts the connection, and the page must reconnect and resume by itself.
 * Call before the page opens its WebSocket.
 */
export async function laggyStream(page: Page) {
  let paused = false;
  const held: (string | Buffer)[] = [];
  let current: { toPage: (message: string | Buffer) => void; close: () => Promise<void> } | null =
    null;
  await page.routeWebSocket(/\/api\/trpc-ws/, (ws) => {
    const server = ws.connectToServer();
    ws.onMessage((message) => server.send(message));
    server.onMessage((message) => (paused ? held.push(message) : ws.send(message)));
    current = {
      toPage: (message) => ws.send(message),
      close: async () => {
        await server.close();
        await ws.close({ code: 4000, reason: "network dropped" });
      },
    };
  });
  return {
    pause: () => {
      paused = true;
    },
    resume: () => {
      paused = false;
      for (const message of held.splice(0)) current?.toPage(message);
    },
    drop: async () => {
      await current?.close();
    },
  };
}

/**
 * Closes every browser context a test opened: a table left open keeps following its match
 * (clocks redrawn, events, the Hint) in the browser the next tests share.
 */
export async function closeContexts({ browser }: { browser: Browser }): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()));
}
