import type { Metadata } from "next";
import { getMessages } from "@/i18n/server";
import { signedIn } from "@/server/games/viewer";
import { Lobby } from "./lobby";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.games.lobbyMeta };
}

export default async function LobbyPage({ params }: { params: Promise<{ matchId: string }> }) {
  const { matchId } = await params;
  await signedIn(`/games/${matchId}`);
  return <Lobby matchId={matchId} />;
}
