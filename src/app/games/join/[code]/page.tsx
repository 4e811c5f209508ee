import type { Metadata } from "next";
import { getMessages } from "@/i18n/server";
import { signedIn } from "@/server/games/viewer";
import { JoinGame } from "./join-game";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.games.joinMeta };
}

/** The invitation link: signs you in if needed, then joins the lobby. */
export default async function JoinPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  await signedIn(`/games/join/${code}`);
  return <JoinGame code={decodeURIComponent(code)} />;
}
