import type { Metadata } from "next";
import { getMessages } from "@/i18n/server";
import { signedIn } from "@/server/games/viewer";
import { FriendsPanel } from "./friends-panel";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getMessages()).site.friends.meta };
}

export default async function FriendsPage() {
  await signedIn("/friends");
  const t = (await getMessages()).site.friends;
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
      <FriendsPanel />
    </div>
  );
}
