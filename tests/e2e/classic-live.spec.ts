import { mkdirSync } from "node:fs";
import { expect, test } from "./fixtures";
import { describeClassicPlan, thirtySixPlan } from "./classic-plan";
import { closeContexts, lay, openClassicPractice, signUp } from "./table-helpers";

test.afterEach(closeContexts);

// Classic Machiavelli on the live server: practice games against bots, from the practice page
// to the table the server streams: a turn of each kind, a Thirty-Six opening refused and then
// made, a round played to its end. The e2e server's bots play at a twentieth of their pace, and
// deals every round from DEAL_SEED (the turns found in it: tests/e2e/classic-plan.ts).
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

test("Thirty-Six: an opening worth less than 36 is refused for all to see, one worth 36 or more opens, and the table says who has opened", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seed = Number(process.env.DEAL_SEED);
  const plan = thirtySixPlan(seed);
  expect(plan, `no Thirty-Six opening in the deal of seed ${seed}`).not.toBeNull();
  const { short, shortPoints, opening, openingPoints } = plan!;
  test.info().annotations.push({ type: "plan", description: describeClassicPlan(plan!) });
  await signUp(page, `trenta_${tag()}`);
  const matchId = await openClassicPractice(page, {
    bots: ["easy"],
    options: { variants: ["thirty-six"], target: null },
  });
  await page.goto(`/play/${matchId}`);
  const turn = page.getByTestId("turn");
  await expect(turn).toContainText("Your turn");
  for (const seat of [0, 1])
    await expect(page.getByTestId(`seat-${seat}`)).toContainText("not opened");

  // One combination short of 36: the table counts it as it is laid; ending the turn fails.
  await lay(page, short);
  await expect(page.getByTestId("work")).toContainText(`Opening: ${shortPoints} of 36 points`);
  await page.locator('[data-action="end"]').click();
  await expect(page.getByTestId("failed-move")).toContainText(
    `your opening is worth ${shortPoints} points: it needs 36`,
  );
  await expect(page.getByRole("heading", { name: /Your hand \(16\)/ })).toBeVisible();
  await expect(page.getByTestId("seat-0")).toContainText("not opened");

  // The next turn, enough for the opening: the player has opened, and the table says so.
  await expect(turn).toContainText("Your turn", { timeout: 60_000 });
  for (const cards of opening) await lay(page, cards);
  const laid = opening.flat().length;
  const work = page.getByTestId("work");
  await expect(work).toContainText(`${laid} cards from the hand`);
  await expect(work).toContainText(`Opening: ${openingPoints} of 36 points`);
  await expect(page.locator("[data-reason]")).toHaveCount(0);
  await page.locator('[data-action="end"]').click();
  await expect(page.getByTestId("seat-0")).toContainText("✓ opened");
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: `${SCREENSHOTS}/classic-live-thirty-six.png` });
  await expect(
    page.getByRole("heading", { name: new RegExp(`Your hand \\(${16 - laid}\\)`) }),
  ).toBeVisible();
});

test("a classic practice round against two bots, played in the browser to its end: the round's dialog shows each player's penalty", async ({
  page,
}) => {
  test.setTimeout(150_000);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await signUp(page, `round_${tag()}`);
  // Guadalupe's five cards and the fast clock (a turn limit of a minute lasts seconds): the bots
  // go out within a few turns while the player draws.
  const matchId = await openClassicPractice(page, {
    bots: ["hard", "hard"],
    options: { variants: ["guadalupe"], target: null, turnLimit: 60_000 },
    fastClock: true,
  });
  await page.goto(`/play/${matchId}`);
  const end = page.getByTestId("round-end");
  const drawOrPass = page.locator('[data-action="draw"]:enabled, [data-action="pass"]:enabled');
  await expect(async () => {
    if ((await end.count()) === 0 && (await drawOrPass.count()) > 0)
      await drawOrPass.first().click({ timeout: 2000 });
    await expect(end).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 120_000 });
  await expect(end).toContainText("Game over");
  const lines = end.locator("tbody tr");
  await expect(lines).toHaveCount(3);
  for (const line of await lines.all()) await expect(line).toContainText(/\+\d+/);
  // Somebody went out (or the stock ran out): the best line scores nothing this round.
  await expect(lines.first()).toContainText("+0");
  await page.screenshot({ path: `${SCREENSHOTS}/classic-live-round-end.png` });
});
