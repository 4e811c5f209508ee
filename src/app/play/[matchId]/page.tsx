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
  // The table covers the whole screen in a fixed frame of its own; no transformed wrapper
  // here, or its toasts and dialogs would be placed in the wrapper instead of the viewport.
  return <LiveTable matchId={matchId} />;
}
