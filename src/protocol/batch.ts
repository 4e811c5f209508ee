/**
 * The most calls one HTTP request may batch: the pages batch a handful of queries at most, and
 * a request of thousands would run them all at once. The server refuses a larger batch
 * (http.ts) and the client's batch link splits at the same size (src/app/providers.tsx).
 */
export const TRPC_MAX_BATCH = 10;
