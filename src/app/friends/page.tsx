import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { signedIn } from "@/server/games/viewer";
import { FriendsPanel } from "./friends-panel";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.friends.meta") };
}

export default async function FriendsPage() {
  await signedIn("/friends");
  const t = await getTranslations();
  return (
    <ClientMessages namespaces={[...ERRORS, "levels", "site.account", "site.friends"]}>
      <div className="space-y-6">
        <h1 className="text-3xl font-bold tracking-tight">{t("site.friends.title")}</h1>
        <FriendsPanel />
      </div>
    </ClientMessages>
  );
}
