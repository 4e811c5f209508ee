"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPC, useTRPCClient } from "../../trpc";
import { ErrorText, quietButton } from "../../games/ui";

/** Where you stand with this player, and the one step that changes it (and blocking). */
export function FriendButton({ name }: { name: string }) {
  const t = useTranslations();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const state = useQuery(trpc.friends.state.queryOptions({ name }));
  const [error, setError] = useState<string | null>(null);
  const act = (work: Promise<unknown>) =>
    work.then(
      () => {
        setError(null);
        void state.refetch();
      },
      (failure: unknown) => setError(errorText(failure, t)),
    );
  const step = (label: string, work: () => Promise<unknown>, testId?: string) => (
    <button type="button" data-testid={testId} className={quietButton} onClick={() => act(work())}>
      {label}
    </button>
  );
  if (!state.data) return null;
  const friends = client.friends;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {state.data === "none" &&
        step(t("site.friends.addFriend"), () => friends.request.mutate({ name }), "add-friend")}
      {state.data === "asked" && (
        <>
          <span className="text-sm text-stone-600">{t("site.friends.requested")}</span>
          {step(t("site.friends.cancel"), () => friends.remove.mutate({ name }))}
        </>
      )}
      {state.data === "asking" &&
        step(
          t("site.friends.acceptRequest"),
          () => friends.accept.mutate({ name }),
          "accept-friend",
        )}
      {state.data === "friends" && (
        <>
          <span className="text-sm font-medium text-emerald-800">
            {t("site.friends.areFriends")}
          </span>
          {step(t("site.friends.remove"), () => friends.remove.mutate({ name }))}
        </>
      )}
      {state.data === "blocked"
        ? step(t("site.friends.unblock"), () => friends.unblock.mutate({ name }))
        : step(t("site.friends.block"), () => friends.block.mutate({ name }))}
      <ErrorText message={error} />
    </div>
  );
}
