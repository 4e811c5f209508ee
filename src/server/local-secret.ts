import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** A session-signing secret kept in `dir` across restarts, made on first use. */
export async function localSecret(dir: string): Promise<string> {
  const file = path.join(dir, "auth.secret");
  const kept = await readFile(file, "utf8").catch(() => "");
  if (kept.trim()) return kept.trim();
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dir, { recursive: true });
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
