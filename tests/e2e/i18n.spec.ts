import { execFileSync } from "node:child_process";
import { expect, test, type Page } from "@playwright/test";
import { PASSWORD, signUp } from "./table-helpers";

/** Chooses Italian with the nav's language switch, as a player would. */
async function toItalian(page: Page) {
  await page.getByRole("navigation").getByLabel("Language").selectOption("it");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
}

test("the site speaks Italian once chosen: nav, home, forms and their errors, the main pages", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const name = `lucia_${Date.now().toString(36)}`;
  await page.goto("/");
  await toItalian(page);
  const nav = page.getByRole("navigation");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(
    "senza aspettare il tuo turno",
  );
  await expect(nav.getByRole("link", { name: "Classifica" })).toBeVisible();

  await nav.getByRole("link", { name: "Registrati" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crea il tuo account");
  await page.getByLabel("Nome").fill("ab");
  await page.getByLabel("Password").fill("short");
  await page.getByRole("button", { name: "Crea l'account" }).click();
  await expect(page.getByText("Un nome ha almeno 3 caratteri.")).toBeVisible();
  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Crea l'account" }).click();
  // Dates in the reader's language: "Iscritto dal 7 dicembre 2026".
  await expect(page.getByText(/^Iscritto dal \d{1,2} [a-z]+ \d{4}$/)).toBeVisible();
  await expect(page).toHaveTitle(`${name} · Machiavelox`);

  // A page sends its client parts the reader's language alone, and only the namespaces they use.
  const signUpPage = await (await page.request.get("/signup")).text();
  expect(signUpPage).toContain("Un nome ha almeno");
  expect(signUpPage).not.toContain("A name has at least");
  expect(signUpPage).not.toContain("Annullamento a catena");

  for (const [path, heading] of [
    ["/games/new", "Una partita amichevole"],
    ["/agora", "L'agorà"],
    ["/leaderboard", "Classifica"],
    ["/history", "Le tue partite"],
    ["/admin", "403 — solo per i moderatori"],
    ["/no-such-page", "Qui non c'è niente"],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading!);
  }
  // A refusal from the server is said in Italian too, by its code.
  await page.goto("/games/join/ZZZZZZ");
  await expect(page.getByRole("main").getByRole("alert")).toHaveText(
    "Nessuna partita ha questo codice.",
  );
  // A player is not shown the way into moderation.
  await expect(nav.getByRole("link", { name: "Moderazione" })).toHaveCount(0);

  await nav.getByRole("button", { name: "Esci" }).click();
  await nav.getByRole("link", { name: "Accedi" }).click();
  // Both forms have Nome and Password: fill only once the page has changed.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Accedi");
  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("Password").fill("wrong password");
  await page.getByRole("button", { name: "Accedi" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toHaveText("Nome o password errati.");
  await nav.getByRole("link", { name: "Registrati" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Crea il tuo account");
  await page.getByLabel("Nome").fill(name.toUpperCase());
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Crea l'account" }).click();
  await expect(page.getByText("Questo nome è già preso.")).toBeVisible();
});

test("moderators and admins find Moderation in the nav, as soon as the role is granted", async ({
  page,
}) => {
  const name = `moda_${Date.now().toString(36)}`;
  await signUp(page, name);
  const nav = page.getByRole("navigation");
  await expect(nav.getByRole("link", { name: "Moderation" })).toHaveCount(0);
  execFileSync(
    process.execPath,
    ["--import", "tsx", "scripts/admin.ts", "grant", name, "moderator"],
    {
      env: { ...process.env, DATA_DIR: ".data/e2e", DATABASE_URL: "" },
    },
  );
  await page.reload();
  await nav.getByRole("link", { name: "Moderation" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Moderation");
});
