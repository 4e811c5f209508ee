import { defineConfig } from "prisma/config";
import { migrationAdapter } from "./src/server/db/migration-adapter";

// Prisma 6 needs DATABASE_URL merely to parse the schema, and without it the CLI falls back
// to downloading a query engine; `prisma generate` never connects, so a placeholder is safe.
const url = (process.env.DATABASE_URL ??= "postgresql://placeholder@localhost:5432/placeholder");

// One adapter per process: the CLI may ask several times and never disposes it.
let adapter: ReturnType<typeof migrationAdapter> | undefined;

export default defineConfig({
  schema: "prisma/schema.prisma",
  engine: "js",
  experimental: { adapter: true },
  adapter: async () => (adapter ??= migrationAdapter(url)),
});
