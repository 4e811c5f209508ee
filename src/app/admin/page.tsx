import type { Metadata } from "next";
import { hasRole } from "@/server/accounts/roles";
import { signedIn } from "@/server/games/viewer";
import { Dashboard } from "./dashboard";

export const metadata: Metadata = { title: "Moderation" };

/** Moderators and admins only; every procedure behind it checks the role again. */
export default async function AdminPage() {
  const user = await signedIn("/admin");
  if (!hasRole(user.role, "MODERATOR"))
    return (
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">403 — moderators only</h1>
        <p className="text-stone-600">This page is for the moderators of Machiavelox.</p>
      </div>
    );
  return <Dashboard isAdmin={hasRole(user.role, "ADMIN")} />;
}
