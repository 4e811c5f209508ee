import type { Db } from "../db/client";

/**
 * Signs the player out everywhere else, after a password change or reset.
 *
 * LEAD: TO WIRE when branch `transport` lands its per-user `sessionVersion`: bump it here (and
 * re-issue the caller's own session if it should stay signed in). Until then sessions are
 * stateless JWTs and nothing can end them early: this does nothing. Every call site is in
 * src/server/accounts (changePassword, resetPassword, deleteAccount).
 */
export async function revokeOtherSessions(db: Db, userId: string): Promise<void> {
  void db;
  void userId;
}
