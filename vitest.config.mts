import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const resolve = { alias: { "@": fileURLToPath(new URL("./src", import.meta.url)) } };

export default defineConfig({
  resolve,
  test: {
    include: ["tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    // Generous limits: some tests start database servers, and CI shares 2 cores with them.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Pure tests need no database; tests/db runs twice, on the embedded default and on the
    // machine's PostgreSQL (TEST_POSTGRES_URL), each time in a database of its own.
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          exclude: [
            "tests/e2e/**",
            "tests/db/**",
            "tests/live/**",
            "tests/games/**",
            "node_modules/**",
          ],
        },
      },
      // The live server's integration tests: real server processes on one embedded database.
      {
        resolve,
        test: {
          name: "live",
          include: ["tests/live/**/*.test.ts"],
          globalSetup: ["tests/live/setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      // Not `extends`: that would add the root's include (every test) to tests/db.
      ...["db:embedded", "db:postgres"].map((name) => ({
        resolve,
        test: {
          name,
          // tests/games: friendly games, the agora and moderation, on the same two databases.
          include: ["tests/db/**/*.test.ts", "tests/games/**/*.test.ts"],
          globalSetup: ["tests/db/setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      })),
    ],
  },
});
