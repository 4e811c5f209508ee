import type { Metadata } from "next";
import { Replay } from "./replay";

export const metadata: Metadata = { title: "Replay" };

export default async function ReplayPage({ params }: { params: Promise<{ matchId: string }> }) {
  return <Replay matchId={(await params).matchId} />;
}
