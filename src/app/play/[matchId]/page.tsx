import type { Metadata } from "next";
import { signedIn } from "@/server/games/viewer";
import { LiveTable } from "./live-table";

export const metadata: Metadata = { title: "Table" };

export default async function PlayPage({ params }: { params: Promise<{ matchId: string }> }) {
  const { matchId } = await params;
  await signedIn(`/play/${matchId}`);
  // Wider than the site's text column: the table uses the whole screen.
  return (
    <div className="relative left-1/2 -mt-6 w-screen max-w-6xl -translate-x-1/2 px-2 sm:px-4">
      <LiveTable matchId={matchId} />
    </div>
  );
}
