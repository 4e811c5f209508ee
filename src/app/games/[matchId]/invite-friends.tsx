"use client";

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslations } from "next-intl";
import { errorText } from "@/i18n/errors";
import { useTRPC, useTRPCClient } from "../../trpc";
import { ErrorText, Panel, quietButton } from "../ui";

/** How often the creator looks for friends' answers. */
const REFRESH_MS = 2000;

/** The creator's panel: each friend invited with one click, and their answers. */
export function InviteFriends({ matchId }: { matchId: string }) {
  const t = useTranslations();
  const trpc = useTRPC();
  const client = useTRPCClient();
  const friends = useQuery(trpc.friends.list.queryOptions());
  const invited = useQuery({
    ...trpc.friends.invited.queryOptions({ matchId }),
    refetchInterval: REFRESH_MS,
  });
  const [error, setError] = useState<string | null>(null);
  const answers = new Map(invited.data?.map((one) => [one.to, one]));
  const status = (name: string) => {
    const sent = answers.get(name);
    if (!sent) return null;
    if (sent.answer === "ACCEPTED") return t("site.friends.accepted");
    if (sent.answer === "DECLINED") return t("site.friends.declined");
    return sent.expired ? t("site.friends.expired") : t("site.friends.invited");
  };
  const invite = (name: string) =>
    client.friends.invite.mutate({ matchId, names: [name] }).then(
      () => {
        setError(null);
        void invited.refetch();
      },
      (failure: unknown) => setError(errorText(failure, t)),
    );

  return (
    <Panel title={t("site.friends.inviteTitle")}>
      {friends.data?.friends.length === 0 && (
        <p className="text-sm text-stone-600">{t("site.friends.inviteNone")}</p>
      )}
      <ul className="space-y-2" aria-label={t("site.friends.inviteTitle")}>
        {friends.data?.friends.map((friend) => (
          <li key={friend.name} className="flex items-center gap-2">
            <span className="font-medium">{friend.name}</span>
            <span className="flex-1 text-sm text-stone-500" data-testid={`invited-${friend.name}`}>
              {status(friend.name)}
            </span>
            <button type="button" className={quietButton} onClick={() => invite(friend.name)}>
              {t("site.friends.invite")}
            </button>
          </li>
        ))}
      </ul>
      <ErrorText message={error} />
    </Panel>
  );
}
