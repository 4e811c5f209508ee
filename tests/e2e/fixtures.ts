import { test as base, type BrowserContext } from "@playwright/test";

export { expect } from "@playwright/test";

// Each page sends its client components only the catalog namespaces it lists: a component that
// uses one its page forgot shows the key's name and logs next-intl's MISSING_MESSAGE. Every
// browser context of every test listens, and a test that saw one fails with the keys named.
const missing: string[] = [];

function listen(context: BrowserContext) {
  context.on("console", (message) => {
    const text = message.text();
    if (message.type() === "error" && text.includes("MISSING_MESSAGE")) missing.push(text);
  });
}

export const test = base.extend<{ wordsChecked: void }>({
  // Every context listens, the default one and those the tests open themselves (players).
  browser: [
    async ({ browser }, use) => {
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const context = await newContext(...args);
        listen(context);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  context: async ({ context }, use) => {
    listen(context);
    await use(context);
  },
  wordsChecked: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      missing.length = 0;
      await use();
      if (missing.length > 0) {
        throw new Error(
          `words missing from a page's catalog:\n${[...new Set(missing)].join("\n")}`,
        );
      }
    },
    { auto: true },
  ],
});
