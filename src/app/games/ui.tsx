import type { ReactNode } from "react";
import { wordFor } from "@/i18n/errors";
import type { Translator } from "@/i18n/types";

export { FormError as ErrorText } from "../form";
export { when } from "@/i18n/format";

// Small pieces shared by the games, agora, history and admin pages.

export const button =
  "rounded-md bg-emerald-700 px-4 py-2 font-medium text-white hover:bg-emerald-800 disabled:opacity-60";
/** Also a toggle: pressed (aria-pressed), it fills like the main button. */
export const quietButton =
  "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-stone-100 disabled:opacity-60 aria-pressed:border-emerald-700 aria-pressed:bg-emerald-700 aria-pressed:text-white";
export const input =
  "rounded-md border border-stone-300 bg-white px-3 py-2 outline-none focus:border-emerald-600 focus:ring-2 focus:ring-emerald-600/20";

export function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-3 rounded-lg border border-stone-200 bg-white p-5">
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

/**
 * A seat a bot plays, named by its seat (two bots at one table told apart) and its level
 * (stored as the level's key, e.g. "medium").
 */
export function botName(t: Translator, seat: number, level: string | null): string {
  return t("levels.bot", {
    name: `Bot ${seat}`,
    level: wordFor(t, "levels.names", level) ?? String(level),
  });
}
