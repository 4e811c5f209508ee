import { execFileSync } from "node:child_process";
import { defineConfig } from "@playwright/test";

// The real server, built for production, on a free port with a data folder of its own
// (kept between runs, apart from the one `npm start` uses). The port is chosen once, in the
// runner's environment, which its workers inherit when they re-read this file.
const freePort = () =>
  execFileSync(process.execPath, [
    "-e",
    "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
  ])
    .toString()
    .trim();
process.env.E2E_PORT ??= freePort();
// The server mails account links here; tests/e2e/account-settings.spec.ts listens on it.
process.env.E2E_SMTP_PORT ??= freePort();
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;
// Every hand on the e2e server is dealt from this seed, so tests know the deal (tests/e2e/table-plan.ts).
process.env.DEAL_SEED ??= "98";

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
  // CI shares a 2-core machine with other work: a server round trip that takes 1 s on an idle
  // machine takes several under load, past the default 5 s. A real failure only fails later.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? "list" : [["list"], ["html", { open: "never" }]],
  use: {
    baseURL,
    trace: "retain-on-failure",
    browserName: "chromium",
    // Debian's Chromium; Playwright never downloads a browser here.
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: "npm run build && node --import tsx server.ts",
    url: baseURL,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: "pipe",
    // SIGTERM lets the server stop its database; the default would kill it outright.
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: process.env.E2E_PORT,
      DATA_DIR: ".data/e2e",
      DATABASE_URL: "",
      NEXTAUTH_SECRET: "",
      NEXTAUTH_URL: "",
      LOG_LEVEL: "warn",
      // Every test signs its players up from 127.0.0.1: a retried test must not meet the limit.
      SIGN_UPS_PER_HOUR: "1000",
      // Every browser of every test comes from 127.0.0.1, as a whole site's players.
      REQUESTS_PER_SECOND: "1000",
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      DEAL_SEED: process.env.DEAL_SEED,
      // Bots at a twentieth of their human pace, so a practice hand ends within the test's time.
      BOT_REACTION_SCALE: "0.05",
      // Practice tables started with `fastClock` run the rules' minutes ten times faster.
      MATCH_CLOCK_SCALE: "10",
      // The preview pages (the classic table's spec plays on one) are served in this build.
      TABLE_PREVIEW: "1",
    },
  },
});
