import type { Metadata } from "next";
import { signedIn } from "@/server/games/viewer";
import { NewGame } from "./new-game";

export const metadata: Metadata = { title: "New friendly game" };

export default async function NewGamePage() {
  await signedIn("/games/new");
  return (
    <div className="space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">A friendly game</h1>
      <p className="text-stone-600">
        Play one hand, or a long game to 150 points with a short pause between hands. Friendly
        points count on your profile, never in the agora ranking.
      </p>
      <NewGame />
    </div>
  );
}
