"use client";

// Behind the "?" at the table: what each clock and each mark on the table means, in a
// dialog over the frame, with the way to the tutorial. Loaded when first opened.

import Link from "next/link";
import { useEffect, useRef } from "react";
import { useTranslations } from "next-intl";

export function LegendDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  const clocks = [
    ["play", t("legend.play")],
    ["hold", t("legend.hold")],
    ["freeze", t("legend.freeze")],
    ["inactivity", t("legend.inactivity")],
    ["tieBreak", t("legend.tieBreak")],
    ["pause", t("legend.pause")],
  ];
  // Each mark drawn as the table draws it, beside its meaning.
  const marks = [
    ["bg-white outline-2 outline-dashed outline-sky-500", "", t("legend.onTrial")],
    ["bg-stone-300", "", t("legend.held")],
    ["border-2 border-amber-500 bg-amber-100", "", t("legend.area")],
    ["bg-white outline-2 outline-dashed outline-red-500", "", t("legend.invalid")],
    ["bg-amber-200 px-1 text-[10px] text-amber-900", t("meld.notYetSafe"), t("legend.notYetSafe")],
    ["bg-white shadow-[0_0_0_3px_rgba(16,185,129,0.55)]", "", t("legend.lit")],
    ["bg-white text-[10px] text-stone-500", "1", t("legend.numbers")],
  ];
  return (
    <dialog
      ref={dialog}
      aria-label={t("legend.title")}
      data-testid="legend"
      onClose={onClose}
      className="m-auto max-h-[90vh] w-[min(36rem,calc(100vw-1rem))] overflow-y-auto rounded-xl p-4 text-sm shadow-xl backdrop:bg-stone-900/40"
    >
      <h2 className="mb-2 text-base font-semibold">{t("legend.title")}</h2>
      <h3 className="font-semibold text-stone-700">{t("legend.clocks")}</h3>
      <ul className="mb-3 list-disc space-y-1 pl-5">
        {clocks.map(([kind, text]) => (
          <li key={kind}>{text}</li>
        ))}
      </ul>
      <h3 className="font-semibold text-stone-700">{t("legend.marks")}</h3>
      <ul className="mb-3 space-y-1.5">
        {marks.map(([look, sample, text]) => (
          <li key={text} className="flex items-start gap-2">
            <span
              aria-hidden
              className={`mt-0.5 flex h-4 min-w-4 shrink-0 items-center justify-center rounded-sm border border-stone-300 leading-none whitespace-nowrap ${look}`}
            >
              {sample}
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Link href="/tutorial" className="text-emerald-800 underline">
          {t("legend.tutorial")}
        </Link>
        <button
          type="button"
          autoFocus
          className="rounded-md bg-emerald-700 px-3 py-1.5 font-medium text-white"
          onClick={() => dialog.current?.close()}
        >
          {t("legend.close")}
        </button>
      </div>
    </dialog>
  );
}
