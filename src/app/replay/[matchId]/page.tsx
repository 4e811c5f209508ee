import type { Metadata } from "next";
import { getMessages } from "@/i18n/server";
import { Replay } from "./replay";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.replay.meta };
}

export default async function ReplayPage({ params }: { params: Promise<{ matchId: string }> }) {
  return <Replay matchId={(await params).matchId} />;
}
