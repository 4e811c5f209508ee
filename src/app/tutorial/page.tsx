import type { Metadata } from "next";
import { TutorialTable } from "./tutorial-table";
import { ClientMessages, ERRORS, TABLE } from "@/i18n/provider";

export const metadata: Metadata = { title: "Tutorial" };

/** Learn by playing: a scripted hand on the engine in the browser, open to everyone, never recorded. */
export default function TutorialPage() {
  return (
    <ClientMessages namespaces={[...ERRORS, ...TABLE, "nav", "tutorial"]}>
      <TutorialTable />
    </ClientMessages>
  );
}
