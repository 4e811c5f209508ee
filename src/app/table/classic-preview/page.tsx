import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { Suspense } from "react";
import { ClassicPreview } from "./classic-preview";
import { ClientMessages, ERRORS, TABLE } from "@/i18n/provider";

export const metadata: Metadata = { title: "Classic table preview" };

/**
 * A classic round played on this page by the engine alone (no server): you at seat 0
 * against three easy bots. For developing the classic table and for looking at it.
 * Off in production unless TABLE_PREVIEW=1. Query: `variants=tahiti,thirty-six`,
 * `seed=7`, `pace=300` (the bots' milliseconds per step), `watch=1` (a bot plays your seat too).
 */
export default function ClassicPreviewPage() {
  if (process.env.NODE_ENV === "production" && process.env.TABLE_PREVIEW !== "1") notFound();
  // The search parameters are read in the browser: the page itself stays static.
  return (
    <ClientMessages namespaces={[...ERRORS, ...TABLE, "classic", "spectating"]}>
      <Suspense>
        <ClassicPreview />
      </Suspense>
    </ClientMessages>
  );
}
