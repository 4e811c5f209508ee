import type { Metadata } from "next";
import { signedIn } from "@/server/games/viewer";
import { Lobby } from "./lobby";

export const metadata: Metadata = { title: "Lobby" };

export default async function LobbyPage({ params }: { params: Promise<{ matchId: string }> }) {
  const { matchId } = await params;
  await signedIn(`/games/${matchId}`);
  return <Lobby matchId={matchId} />;
}
