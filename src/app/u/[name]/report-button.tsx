"use client";

import { useState, type FormEvent } from "react";
import { useTRPCClient } from "../../trpc";
import { button, ErrorText, errorMessage, input, quietButton } from "../../games/ui";

export function ReportButton({ name }: { name: string }) {
  const client = useTRPCClient();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (done)
    return <p className="text-sm text-stone-600">Thank you: the moderators will look at it.</p>;
  if (!open)
    return (
      <button type="button" className={quietButton} onClick={() => setOpen(true)}>
        Report
      </button>
    );
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const reason = String(new FormData(event.currentTarget).get("reason") ?? "");
    client.report.file.mutate({ name, reason }).then(
      () => setDone(true),
      (failure: unknown) => setError(errorMessage(failure)),
    );
  };
  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-2 sm:w-80">
      <textarea name="reason" aria-label="What happened" rows={3} className={input} />
      <ErrorText message={error} />
      <div className="flex gap-2">
        <button type="submit" className={button}>
          Send report
        </button>
        <button type="button" className={quietButton} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
