"use client";

import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import { useMessages } from "@/i18n/client";
import { errorText } from "@/i18n/errors";
import { useTRPCClient } from "../../../trpc";
import { ErrorText } from "../../ui";

export function JoinGame({ code }: { code: string }) {
  const messages = useMessages();
  const client = useTRPCClient();
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    client.game.join.mutate({ code }).then(
      ({ matchId }) => router.replace(`/games/${matchId}`),
      (failure: unknown) => setError(errorText(failure, messages)),
    );
    // Joins once per code, not again when the language changes.
  }, [client, code, router]);
  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold">{messages.site.games.joining(code)}</h1>
      <ErrorText message={error} />
    </div>
  );
}
