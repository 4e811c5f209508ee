import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { Replay } from "./replay";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.replay.meta") };
}

export default async function ReplayPage({ params }: { params: Promise<{ matchId: string }> }) {
  return (
    <ClientMessages
      namespaces={[
        ...ERRORS,
        "end",
        "levels",
        "notices",
        "seat",
        "site.account",
        "site.kinds",
        "site.replay",
        "situation",
      ]}
    >
      <Replay matchId={(await params).matchId} />
    </ClientMessages>
  );
}
