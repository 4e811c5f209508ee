import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { hasRole } from "@/server/accounts/roles";
import { signedIn } from "@/server/games/viewer";
import { Dashboard } from "./dashboard";
import { ClientMessages, ERRORS } from "@/i18n/provider";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations())("site.admin.title") };
}

/** Moderators and admins only; every procedure behind it checks the role again. */
export default async function AdminPage() {
  const [user, t] = await Promise.all([signedIn("/admin"), getTranslations()]);
  if (!hasRole(user.role, "MODERATOR"))
    return (
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t("site.admin.forbiddenTitle")}</h1>
        <p className="text-stone-600">{t("site.admin.forbiddenText")}</p>
      </div>
    );
  return (
    <ClientMessages
      namespaces={[
        ...ERRORS,
        "levels",
        "puzzles.admin",
        "puzzles.reportKinds",
        "site.account",
        "site.admin",
        "site.kinds",
        "site.roles",
        "site.statuses",
      ]}
    >
      <Dashboard isAdmin={hasRole(user.role, "ADMIN")} />
    </ClientMessages>
  );
}
