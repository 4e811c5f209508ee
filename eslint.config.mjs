import js from "@eslint/js";
import tseslint from "typescript-eslint";
import globals from "globals";
import { builtinModules } from "node:module";

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
);
