"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPCClient } from "../../../trpc";
import { ErrorText } from "../../ui";

export function JoinGame({ code }: { code: string }) {
  const t = useTranslations();
  const client = useTRPCClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client.game.join.mutate({ code }).then(
      ({ matchId }) => router.replace(`/games/${matchId}`),
      (failure: unknown) => setError(errorText(failure, t)),
    );
    // Joins once per code, not again when the language changes.
  }, [client, code, router]);
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold">{t("site.games.joining", { code })}</h1>
      <ErrorText message={error} />
    </div>
  );
}
