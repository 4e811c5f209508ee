import type { Metadata } from "next";
import { VARIANTS } from "@/engine/classic";
import { getTranslations } from "next-intl/server";
import { signedIn } from "@/server/games/viewer";
import { NewGame } from "./new-game";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.games.newMeta") };
}

export default async function NewGamePage() {
  const [, t] = await Promise.all([signedIn("/games/new"), getTranslations()]);
  return (
    <ClientMessages
      namespaces={[...ERRORS, "levels", "newClassic", "practice", "site.account", "site.games"]}
    >
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight">{t("site.games.newTitle")}</h1>
        <p className="text-stone-600">{t("site.games.newText")}</p>
        <NewGame variantChoices={VARIANTS} />
      </div>
    </ClientMessages>
  );
}
