import { expect, test } from "./fixtures";
import { closeContexts, signedUpPlayer as player } from "./table-helpers";

test.afterEach(closeContexts);

test("two friends: a request from a profile, accepted on /friends, an invitation heard in the header and accepted, a hand played, the head-to-head on both profiles", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const tag = Date.now().toString(36);
  const [adaName, brunoName] = [`ada_${tag}`, `bruno_${tag}`];
  const [ada, bruno] = await Promise.all([player(browser, adaName), player(browser, brunoName)]);

  await ada.goto(`/u/${brunoName}`);
  await ada.getByTestId("add-friend").click();
  await expect(ada.getByText("Friend request sent")).toBeVisible();

  await bruno.goto("/friends");
  const asking = bruno.getByRole("list", { name: "Asking to be your friend" });
  await expect(asking).toContainText(adaName);
  await asking.getByRole("button", { name: "Accept" }).click();
  await expect(bruno.getByRole("list", { name: "Friends" })).toContainText(adaName);
  // Bruno's page is open: Ada sees him online.
  await ada.goto("/friends");
  await expect(ada.getByRole("list", { name: "Friends" })).toContainText(`${brunoName}online`);

  await ada.goto("/games/new");
  await ada.getByLabel("Bots may fill the empty places").check();
  await ada.getByRole("button", { name: "One hand" }).click();
  await expect(ada).toHaveURL(/\/games\/[^/]+$/);
  const invite = ada.getByRole("list", { name: "Invite friends" });
  await invite.getByRole("button", { name: "Invite" }).click();
  await expect(ada.getByTestId(`invited-${brunoName}`)).toHaveText("invited");

  // Bruno, on another page, hears it at once.
  await expect(bruno.getByTestId("invitations")).toHaveText("Invitations (1)");
  const dialog = bruno.getByRole("dialog");
  await expect(dialog).toContainText(`${adaName} invites you to a one-hand game`);
  await dialog.getByRole("button", { name: "Take the seat" }).click();
  await expect(bruno).toHaveURL(ada.url());
  await expect(ada.getByRole("list", { name: "Players" })).toContainText(brunoName);
  await expect(ada.getByTestId(`invited-${brunoName}`)).toHaveText("accepted");
  await expect(bruno.getByTestId("invitations")).toHaveText("Invitations");

  // A hand with a bot in the third place: both friends leave it (§11.3), the bot wins (§9).
  await ada.getByRole("button", { name: "Add a bot" }).click();
  for (const page of [ada, bruno]) await page.getByRole("button", { name: "I'm ready" }).click();
  for (const page of [ada, bruno]) {
    await expect(page).toHaveURL(/\/play\//, { timeout: 15_000 });
    await expect(page.getByTestId("game-table")).toBeVisible();
  }
  for (const page of [ada, bruno]) {
    await page.getByRole("button", { name: "Leave", exact: true }).click();
    await page.getByRole("button", { name: "Yes, leave" }).click();
  }

  await ada.goto(`/u/${brunoName}`);
  const together = ada.getByTestId("head-to-head");
  await expect(together).toContainText(`You and ${brunoName}`);
  await expect(together).toContainText("Machiavelox · friendly");
  await bruno.goto(`/u/${adaName}`);
  await expect(bruno.getByTestId("head-to-head")).toContainText("Machiavelox · friendly");
  await ada.goto(`/u/${adaName}`);
  await expect(ada.getByTestId("friends-table")).toContainText(brunoName);
});
