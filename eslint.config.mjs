import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { builtinModules } from "node:module";
import { createTypeScriptImportResolver } from "eslint-import-resolver-typescript";
import { importX } from "eslint-plugin-import-x";
import local from "./eslint-rules/index.mjs";

/** The engine's public surface, for code outside it: its index and classic's (resolved paths). */
const engineSurface = (except) => [
  "error",
  {
    zones: [
      {
        target: "./",
        from: "./src/engine",
        except: ["./index.ts", "./classic/index.ts", ...except],
        message: "Outside the engine, use its public surface: @/engine (or @/engine/classic).",
      },
    ],
  },
];

// The rules engine is pure: no web stack, no database, no I/O, no clock of its own.
const engineForbidden = [
  "next",
  "next/*",
  "react",
  "react/*",
  "react-dom",
  "react-dom/*",
  "@trpc/*",
  "@prisma/*",
  "ws",
  "next-auth",
  "next-auth/*",
  "node:*",
  ...builtinModules,
  ...builtinModules.map((m) => `${m}/*`),
];

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".data/**",
      "src/generated/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["src/engine/**/*.ts", "src/solver/**/*.ts", "src/bots/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: engineForbidden,
              message: "src/engine is pure: no web stack, database or Node built-ins.",
            },
          ],
        },
      ],
      "no-restricted-globals": [
        "error",
        { name: "Date", message: "Time comes in as an argument." },
        { name: "setTimeout", message: "The engine has no clock of its own." },
        { name: "setInterval", message: "The engine has no clock of its own." },
        { name: "process", message: "The engine does no I/O." },
      ],
      "no-restricted-properties": [
        "error",
        { object: "Math", property: "random", message: "Randomness comes in as an argument." },
      ],
    },
  },
  {
    files: ["**/*.ts", "**/*.tsx", "**/*.mts"],
    plugins: { local },
    rules: { "local/no-cycle": "error" },
  },
  // The browser never imports src/server. Under src/app only the 'use client' files (and what
  // they load) are the browser's: the rule reads the directive. src/components, src/i18n and
  // the shared src/protocol must stay loadable by the browser as a whole.
  {
    files: ["src/app/**/*.ts", "src/app/**/*.tsx"],
    rules: { "local/browser-no-server": "error" },
  },
  {
    files: ["src/components/**/*.{ts,tsx}", "src/i18n/**/*.{ts,tsx}", "src/protocol/**/*.ts"],
    rules: { "local/browser-no-server": ["error", { always: true }] },
  },
  // Pages take the reader's language alone (src/i18n/request.ts, <ClientMessages>); the module
  // with both catalogs is for the server's mails and refusals, and for tests.
  {
    files: ["src/app/**/*.{ts,tsx}", "src/components/**/*.{ts,tsx}", "src/i18n/**/*.{ts,tsx}"],
    ignores: ["src/i18n/catalog.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@/i18n/catalog",
              message: "Both languages' catalogs: use getTranslations() or useTranslations().",
            },
          ],
        },
      ],
    },
  },
  // The wire protocol is shared: it depends on neither side.
  {
    files: ["src/protocol/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "@/server/*",
                "@/app/*",
                "@/components/*",
                "react",
                "react/*",
                "next",
                "next/*",
              ],
              message: "src/protocol is shared by the server and the browser: it imports neither.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "bench/**/*.ts", "scripts/**/*.ts", "server.ts"],
    ignores: ["src/engine/**"],
    plugins: { "import-x": importX },
    settings: { "import-x/resolver-next": [createTypeScriptImportResolver()] },
    rules: { "import-x/no-restricted-paths": engineSurface([]) },
  },
  // The scenario runners and the random players are a test kit: the CLI and the benches use it,
  // and the puzzle generator, which the CLI runs, takes its positions from random hands.
  {
    files: ["src/cli/**/*.ts", "bench/**/*.ts", "scripts/**/*.ts", "src/puzzles/generate.ts"],
    rules: { "import-x/no-restricted-paths": engineSurface(["./testkit"]) },
  },
  // The engine's own benchmark times its internals too. Tests are white-box: no rule.
  { files: ["bench/engine.ts"], rules: { "import-x/no-restricted-paths": "off" } },
);
