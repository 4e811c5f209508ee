import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { sessionUser, type SessionUser } from "../auth/session";
import { db } from "../db/client";

/** The signed-in player of the page being rendered (a banned one counts as signed out). */
export async function viewer(): Promise<SessionUser | null> {
  const cookie = (await headers()).get("cookie") ?? undefined;
  return sessionUser({ cookie }, db());
}

/** The signed-in player, or off to sign in and back to `path` afterwards. */
export async function signedIn(path: string): Promise<SessionUser> {
  const user = await viewer();
  if (!user) redirect(`/signin?callbackUrl=${encodeURIComponent(path)}`);
  return user;
}
