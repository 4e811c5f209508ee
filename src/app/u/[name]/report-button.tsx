"use client";

import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPCClient } from "../../trpc";
import { button, ErrorText, input, quietButton } from "../../games/ui";

export function ReportButton({ name }: { name: string }) {
  const t = useTranslations();
  const client = useTRPCClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (done) return <p className="text-sm text-stone-600">{t("site.profile.reported")}</p>;
  if (!open)
    return (
      <button type="button" className={quietButton} onClick={() => setOpen(true)}>
        {t("site.profile.report")}
      </button>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    client.report.file.mutate({ name, reason }).then(
      () => setDone(true),
      (failure: unknown) => setError(errorText(failure, t)),
    );
  };
  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-2 sm:w-80">
      <textarea
        name="reason"
        aria-label={t("site.profile.reportWhat")}
        rows={3}
        className={input}
      />
      <ErrorText message={error} />
      <div className="flex gap-2">
        <button type="submit" className={button}>
          {t("site.profile.sendReport")}
        </button>
        <button type="button" className={quietButton} onClick={() => setOpen(false)}>
          {t("site.profile.cancel")}
        </button>
      </div>
    </form>
  );
}
