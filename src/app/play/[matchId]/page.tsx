import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getServerSession } from "next-auth";
import { authOptions } from "@/server/auth/options";
import { LiveTable } from "./live-table";

export const metadata: Metadata = { title: "Table" };

export default async function PlayPage({ params }: { params: Promise<{ matchId: string }> }) {
  const { matchId } = await params;
  const session = await getServerSession(authOptions);
  if (!session) redirect(`/signin?callbackUrl=${encodeURIComponent(`/play/${matchId}`)}`);
  // Wider than the site's text column: the table uses the whole screen.
  return (
    <div className="relative left-1/2 -mt-6 w-screen max-w-6xl -translate-x-1/2 px-2 sm:px-4">
      <LiveTable matchId={matchId} />
    </div>
  );
}
