import { execFileSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// The real server, built for production, on a free port with a data folder of its own.
// Set once in the runner's environment, which its workers inherit and re-read.
process.env.E2E_PORT ??= execFileSync(process.execPath, [
  "-e",
  "const s = require('net').createServer().listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); })",
])
  .toString()
  .trim();
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "machiavelox-e2e-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

export default defineConfig({
  testDir: "tests/e2e",
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  workers: 1,
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
    env: {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: process.env.E2E_PORT,
      DATA_DIR: process.env.E2E_DATA_DIR,
      DATABASE_URL: "",
      NEXTAUTH_SECRET: "",
      NEXTAUTH_URL: "",
      LOG_LEVEL: "warn",
    },
  },
});
