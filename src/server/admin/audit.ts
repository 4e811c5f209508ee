import type { Db } from "../db/client";
import type { Prisma } from "@/generated/prisma/client";

type Tx = Db | Prisma.TransactionClient;

export type AuditAction = "ban" | "unban" | "role" | "end-match" | "resolve-report" | "hide-puzzle";

/** Records one moderator action; call it in the same transaction as the action itself. */
export function audit(
  tx: Tx,
  actorId: string,
  action: AuditAction,
  detail: string,
  refs: { targetId?: string; matchId?: string; reportId?: string } = {},
) {
  return tx.auditEntry.create({ data: { actorId, action, detail, ...refs } });
}
