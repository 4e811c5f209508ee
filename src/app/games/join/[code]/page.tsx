import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { signedIn } from "@/server/games/viewer";
import { JoinGame } from "./join-game";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.games.joinMeta") };
}

/** The invitation link: signs you in if needed, then joins the lobby. */
export default async function JoinPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  await signedIn(`/games/join/${code}`);
  return (
    <ClientMessages namespaces={[...ERRORS, "levels", "site.account", "site.games"]}>
      <JoinGame code={decodeURIComponent(code)} />
    </ClientMessages>
  );
}
