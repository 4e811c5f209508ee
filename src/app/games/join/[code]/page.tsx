import type { Metadata } from "next";
import { signedIn } from "@/server/games/viewer";
import { JoinGame } from "./join-game";

export const metadata: Metadata = { title: "Join a game" };

/** The invitation link: signs you in if needed, then joins the lobby. */
export default async function JoinPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  await signedIn(`/games/join/${code}`);
  return <JoinGame code={decodeURIComponent(code)} />;
}
