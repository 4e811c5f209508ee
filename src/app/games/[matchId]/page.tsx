import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { signedIn } from "@/server/games/viewer";
import { Lobby } from "./lobby";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.games.lobbyMeta") };
}

export default async function LobbyPage({ params }: { params: Promise<{ matchId: string }> }) {
  const { matchId } = await params;
  await signedIn(`/games/${matchId}`);
  return (
    <ClientMessages
      namespaces={[...ERRORS, "levels", "site.account", "site.friends", "site.games", "site.kinds"]}
    >
      <Lobby matchId={matchId} />
    </ClientMessages>
  );
}
