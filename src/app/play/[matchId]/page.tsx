import type { Metadata } from "next";
import { signedIn } from "@/server/games/viewer";
import { LiveTable } from "./live-table";
import { ClientMessages, ERRORS, TABLE } from "@/i18n/provider";

export const metadata: Metadata = { title: "Table" };

export default async function PlayPage({ params }: { params: Promise<{ matchId: string }> }) {
  const { matchId } = await params;
  await signedIn(`/play/${matchId}`);
  // The table covers the whole screen in a fixed frame of its own; no transformed wrapper
  // here, or its toasts and dialogs would be placed in the wrapper instead of the viewport.
  return (
    <ClientMessages
      namespaces={[...ERRORS, ...TABLE, "classic", "connecting", "levels", "spectating", "waiting"]}
    >
      <LiveTable matchId={matchId} />
    </ClientMessages>
  );
}
