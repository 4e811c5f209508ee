// npm run bench:drag -- [--url http://host:port] [--rate 4] [--seconds 2] [--runs 3]
//
// How smoothly a card follows the finger (issue 51: 60 fps while dragging on a mid-range phone).
// Opens the tutorial's table in Chromium at 390×844 (no account, no server round trip: the
// hand is played in the page), slows the CPU down with CDP's Emulation.setCPUThrottlingRate,
// picks up a hand card and drags it in circles over the table for the given seconds, counting
// the page's requestAnimationFrame callbacks meanwhile. Prints frames per second and the
// longest gap between two frames, per run and for CPU rates 1 and the given one; one JSON line
// at the end.
//
// Without --url it serves the last production build (`npm run build`, or the e2e run's) from
// `node --import tsx server.ts` on a free port, with a data folder of its own.

import { type ChildProcess, spawn } from "node:child_process";
import { parseArgs } from "node:util";
import { chromium, type Page } from "@playwright/test";
import { freePort } from "@/server/db/embedded";
import { round, sleep, waitForHealth } from "./live-client";

const { values: args } = parseArgs({
  options: {
    url: { type: "string" },
    rate: { type: "string", default: "4" },
    seconds: { type: "string", default: "2" },
    runs: { type: "string", default: "3" },
  },
});
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const RUNS = Number(args.runs);

async function serve(): Promise<{ url: string; server: ChildProcess | null }> {
  if (args.url) return { url: args.url, server: null };
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: ".data/bench-drag",
      DATABASE_URL: "",
      NEXTAUTH_SECRET: "",
      NEXTAUTH_URL: "",
      LOG_LEVEL: "warn",
    },
  });
  await waitForHealth(`127.0.0.1:${port}`, server);
  return { url, server };
}

interface Run {
  fps: number;
  longestGapMs: number;
  moves: number;
}

/** One drag of `SECONDS`: frames counted in the page while the mouse circles over the table. */
async function drag(page: Page): Promise<Run> {
  const card = page.getByTestId("drop-hand").locator("button[data-testid^='hand:']").first();
  const box = (await card.boundingBox())!;
  const table = (await page.getByTestId("table-area").boundingBox())!;
  const [cx, cy] = [table.x + table.width / 2, table.y + table.height / 2];
  const radius = Math.min(table.width, table.height) / 3;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  // Past the pointer sensor's 6 px: the drag has begun and the overlay follows the pointer.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 20, { steps: 4 });
  // Given as text: tsx's helpers around named functions do not exist in the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__counting = true;
    const tick = (at) => {
      if (!window.__counting) return;
      window.__frames.push(at);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  const started = Date.now();
  let moves = 0;
  while (Date.now() - started < SECONDS * 1000) {
    const angle = ((Date.now() - started) / 1000) * Math.PI * 2;
    await page.mouse.move(cx + radius * Math.cos(angle), cy + radius * Math.sin(angle));
    moves++;
  }
  const frames = await page.evaluate<number[]>(
    "(() => { window.__counting = false; return window.__frames; })()",
  );
  // Let go over the hand: the card goes back where it was.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  const span = (frames.at(-1)! - frames[0]!) / 1000;
  let longest = 0;
  for (let i = 1; i < frames.length; i++) longest = Math.max(longest, frames[i]! - frames[i - 1]!);
  return { fps: round((frames.length - 1) / span), longestGapMs: round(longest), moves };
}

async function main() {
  const { url, server } = await serve();
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
  });
  const results: Record<string, Run[]> = {};
  try {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 3,
    });
    const page = await context.newPage();
    await page.goto(`${url}/tutorial`);
    await page.getByRole("button", { name: /^Draw/ }).click();
    const cdp = await context.newCDPSession(page);
    for (const rate of [1, RATE]) {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate });
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        runs.push(await drag(page));
        await sleep(300);
      }
      results[`cpu÷${rate}`] = runs;
      const fps = runs.map((r) => r.fps);
      console.log(
        `CPU ÷${rate}: ${fps.join(", ")} fps (median ${fps.sort((a, b) => a - b)[Math.floor(fps.length / 2)]}); longest frame gaps ${runs.map((r) => r.longestGapMs).join(", ")} ms; ${runs.map((r) => r.moves).join(", ")} pointer moves`,
      );
    }
  } finally {
    await browser.close();
    server?.kill("SIGTERM");
  }
  console.log(JSON.stringify({ seconds: SECONDS, results }));
}

void main();
