import type { Metadata } from "next";
import { hasRole } from "@/server/accounts/roles";
import { viewer } from "@/server/games/viewer";
import { PuzzlePlayer } from "./puzzle-player";
import { ClientMessages, ERRORS, TABLE } from "@/i18n/provider";

export const metadata: Metadata = { title: "Puzzles" };

type Props = { searchParams: Promise<{ id?: string; daily?: string; streak?: string }> };

/**
 * Rearrangement puzzles on the game's table. Visitors get the daily puzzle;
 * players get puzzles near their rating, a streak mode, and share links.
 */
export default async function PuzzlesPage({ searchParams }: Props) {
  const [session, params] = await Promise.all([viewer(), searchParams]);
  const signedIn = session !== null;
  const id = typeof params.id === "string" && /^[0-9a-z]{1,16}$/.test(params.id) ? params.id : null;
  const mode = id
    ? "shared"
    : !signedIn || params.daily
      ? "daily"
      : params.streak
        ? "streak"
        : "rated";
  return (
    <ClientMessages namespaces={[...ERRORS, ...TABLE, "classic", "puzzles"]}>
      <PuzzlePlayer
        signedIn={signedIn}
        moderator={session !== null && hasRole(session.role, "MODERATOR")}
        mode={mode}
        id={id}
      />
    </ClientMessages>
  );
}
