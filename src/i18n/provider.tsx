// Client components get only the namespaces they use, not the whole catalog: each layout or
// page wraps its client part in <ClientMessages namespaces={…}>.

import { type Messages, type NestedKeyOf, NextIntlClientProvider } from "next-intl";
import { getMessages } from "next-intl/server";
import type { ReactNode } from "react";

type Tree = { [key: string]: string | Tree };

/** A namespace ("card", "site.friends") or a single message ("spectating") of the catalog. */
export type Namespace = NestedKeyOf<Messages>;

/** What errorText and the send paths say: refusals by code, tRPC's codes, account errors. */
export const ERRORS = [
  "refusals",
  "site.refusals",
  "site.errors",
  "site.account.accountErrors",
  "site.banUntil",
  "site.banForever",
] as const satisfies readonly Namespace[];

/** The words of a Machiavelox table (src/components/table). */
export const TABLE = [
  "actions",
  "card",
  "clocks",
  "dnd",
  "end",
  "hand",
  "hint",
  "language",
  "languageNames",
  "legend",
  "meld",
  "notices",
  "rulesLink",
  "seat",
  "settings",
  "situation",
  "staging",
  "stock",
  "table",
] as const satisfies readonly Namespace[];

/** The parts of `messages` named by `namespaces`, nested as in the catalog. */
function pick(messages: Tree, namespaces: readonly string[]): Tree {
  const picked: Tree = {};
  for (const namespace of namespaces) {
    const keys = namespace.split(".");
    let from: Tree | string | undefined = messages;
    let to = picked;
    keys.forEach((key, i) => {
      from = typeof from === "object" ? from[key] : undefined;
      if (from === undefined) throw new Error(`No namespace ${namespace} in the catalog`);
      if (i === keys.length - 1) to[key] = from;
      else to = (to[key] ??= {}) as Tree;
    });
  }
  return picked;
}

/** Provides the client components below with the reader's words of `namespaces` only. */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly Namespace[];
  children: ReactNode;
}) {
  const messages = (await getMessages()) as Tree;
  return (
    <NextIntlClientProvider messages={pick(messages, namespaces)}>
      {children}
    </NextIntlClientProvider>
  );
}
