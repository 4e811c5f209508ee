import type { Metadata } from "next";
import { VARIANTS } from "@/engine/classic";
import { getMessages } from "@/i18n/server";
import { signedIn } from "@/server/games/viewer";
import { NewGame } from "./new-game";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.games.newMeta };
}

export default async function NewGamePage() {
  const [, messages] = await Promise.all([signedIn("/games/new"), getMessages()]);
  const t = messages.site.games;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t.newTitle}</h1>
      <p className="text-stone-600">{t.newText}</p>
      <NewGame variantChoices={VARIANTS} />
    </div>
  );
}
