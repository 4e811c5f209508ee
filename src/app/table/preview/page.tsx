import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { TablePreview } from "./table-preview";
import { ClientMessages, ERRORS, TABLE } from "@/i18n/provider";

export const metadata: Metadata = { title: "Table preview" };

/**
 * A hand in full swing played on this page by the engine alone (no server), one
 * browser taking every seat in turn: for developing the table and for looking at it.
 * Off in production unless TABLE_PREVIEW=1.
 */
export default function TablePreviewPage() {
  if (process.env.NODE_ENV === "production" && process.env.TABLE_PREVIEW !== "1") notFound();
  return (
    <ClientMessages namespaces={[...ERRORS, ...TABLE]}>
      <TablePreview />
    </ClientMessages>
  );
}
