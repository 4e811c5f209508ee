import type { Metadata } from "next";
import { getMessages } from "@/i18n/server";
import { hasRole } from "@/server/accounts/roles";
import { signedIn } from "@/server/games/viewer";
import { Dashboard } from "./dashboard";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.admin.title };
}

/** Moderators and admins only; every procedure behind it checks the role again. */
export default async function AdminPage() {
  const [user, messages] = await Promise.all([signedIn("/admin"), getMessages()]);
  const t = messages.site.admin;
  if (!hasRole(user.role, "MODERATOR"))
    return (
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">{t.forbiddenTitle}</h1>
        <p className="text-stone-600">{t.forbiddenText}</p>
      </div>
    );
  return <Dashboard isAdmin={hasRole(user.role, "ADMIN")} />;
}
