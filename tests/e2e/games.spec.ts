import { expect, test } from "./fixtures";
import { closeContexts, signedUpPlayer as player } from "./table-helpers";

test.afterEach(closeContexts);

test("a friendly hand: created, joined by link from two other browsers, played to the end, scores on the profiles", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const [ada, bruno, chiara] = await Promise.all([
    player(browser, `ada_${tag}`),
    player(browser, `bruno_${tag}`),
    player(browser, `chiara_${tag}`),
  ]);

  await ada.goto("/games/new");
  await ada.getByRole("button", { name: "One hand" }).click();
  await expect(ada).toHaveURL(/\/games\/[^/]+$/);
  const code = (await ada.getByTestId("invite-code").textContent())!.trim();
  const link = (await ada.getByTestId("invite-link").textContent())!.trim();
  expect(link).toContain(`/games/join/${code}`);

  for (const friend of [bruno, chiara]) {
    await friend.goto(link);
    await expect(friend).toHaveURL(ada.url());
  }
  const players = ada.getByRole("list", { name: "Players" });
  await expect(players.getByRole("listitem")).toHaveCount(3);
  await expect(players).toContainText(`chiara_${tag}`);

  await ada.screenshot({ path: "artifacts/screenshots/games-lobby.png", fullPage: true });
  for (const page of [ada, bruno, chiara]) {
    await page.getByRole("button", { name: "I'm ready" }).click();
  }
  for (const page of [ada, bruno, chiara]) {
    await expect(page).toHaveURL(/\/play\//, { timeout: 15_000 });
    await expect(page.getByTestId("game-table")).toBeVisible();
  }

  // The deal is DEAL_SEED's: everyone draws a card, then Bruno and Chiara leave (§11.3) and
  // Ada, the last one in play, wins the hand (§9): 50 − 33 in her stock + 2 in their hands.
  for (const page of [ada, bruno, chiara]) {
    await page.getByRole("button", { name: /^Draw/ }).click();
    await expect(page.getByRole("button", { name: /^Draw/ })).toBeEnabled();
  }
  for (const page of [bruno, chiara]) {
    await page.getByRole("button", { name: "Leave", exact: true }).click();
    await page.getByRole("button", { name: "Yes, leave" }).click();
  }
  await expect(ada.getByRole("dialog", { name: "End of the hand" })).toContainText(
    `ada_${tag} wins the hand`,
  );

  // The table hears of the end as the result is being stored: look again until it is.
  await expect(async () => {
    await ada.goto(`/u/bruno_${tag}`);
    await expect(ada.getByTestId("games-played")).toHaveText("1", { timeout: 500 });
  }).toPass();
  await expect(ada.getByTestId("games-won")).toHaveText("0");
  const hands = ada.getByTestId("recent-hands");
  await expect(hands).toContainText(`ada_${tag} +19`);
  await expect(hands).toContainText(`bruno_${tag} -15`);
  await ada.goto(`/u/ada_${tag}`);
  await expect(ada.getByTestId("games-won")).toHaveText("1");
  await ada.screenshot({ path: "artifacts/screenshots/games-profile.png", fullPage: true });
  // Friendly points never enter the agora ranking (§13).
  await expect(ada.getByTestId("ranking-points")).toHaveText("0");
});
