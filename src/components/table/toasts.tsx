"use client";

// Notices: every refusal and every chain undo, read out by screen readers. Fixed to the
// viewport, at the top centre over the table (the rack below stays clear for the hands).

import { useTranslations } from "next-intl";

export interface Toast {
  id: number;
  kind: "refusal" | "undo" | "info";
  text: string;
}

export function Toasts({
  toasts,
  onDismiss,
}: {
  toasts: Toast[];
  onDismiss: (id: number) => void;
}) {
  const t = useTranslations();
  const title = { refusal: t("notices.refused"), undo: t("notices.undone"), info: "" };
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-2 top-2 z-50 flex flex-col items-center gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === "info" ? "status" : "alert"}
          data-toast={toast.kind}
          className={`pointer-events-auto flex max-w-md items-start gap-2 rounded-lg px-3 py-2 text-sm shadow-lg ${
            toast.kind === "refusal"
              ? "bg-red-700 text-white"
              : toast.kind === "undo"
                ? "bg-amber-100 text-amber-950 ring-1 ring-amber-400"
                : "bg-stone-800 text-white"
          }`}
        >
          <p>
            {title[toast.kind] && <strong className="mr-1">{title[toast.kind]}:</strong>}
            {toast.text}
          </p>
          <button
            type="button"
            aria-label={t("notices.dismiss")}
            className="ml-auto opacity-70 hover:opacity-100"
            onClick={() => onDismiss(toast.id)}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
