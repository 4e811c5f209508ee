import type { Metadata } from "next";
import { isBotLevel } from "@/bots/levels";
import { GuestTable } from "./guest-table";
import { ClientMessages, ERRORS, TABLE } from "@/i18n/provider";

export const metadata: Metadata = { title: "Practice as a guest" };

/** A practice hand without an account, in the browser alone (easy or medium bots). */
export default async function GuestPracticePage({
  searchParams,
}: {
  searchParams: Promise<{ level?: string | string[] }>;
}) {
  const level = (await searchParams).level;
  return (
    <ClientMessages namespaces={[...ERRORS, ...TABLE, "guest", "levels"]}>
      <GuestTable level={isBotLevel(level) && level !== "hard" ? level : "easy"} />
    </ClientMessages>
  );
}
