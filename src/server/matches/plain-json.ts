// The live streams' event messages are plain JSON by construction (the engine's events and
// views: no Date, Map or undefined). Marked here, they skip superjson's walk over every object
// they hold, which took a tenth of the server's time under load (bench:live --cpu-prof); the
// client's superjson reads `{ json }` without meta exactly as it would have.

const plain = new WeakSet<object>();

export function markPlainJson<T extends object>(value: T): T {
  plain.add(value);
  return value;
}

/** superjson's output for a value that is plain JSON already, or null for any other value. */
export function asPlainJson(value: unknown): { json: unknown } | null {
  if (typeof value !== "object" || value === null) return null;
  // A tracked subscription message arrives as `{ id, data }`.
  const data = (value as { data?: unknown }).data;
  const marked = plain.has(value) || (typeof data === "object" && data !== null && plain.has(data));
  return marked ? { json: value } : null;
}
