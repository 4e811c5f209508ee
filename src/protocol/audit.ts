// The moderator actions the audit log records (src/server/admin/audit.ts), named on the
// admin dashboard.

export type AuditAction =
  | "ban"
  | "unban"
  | "role"
  | "end-match"
  | "resolve-report"
  | "hide-puzzle"
  | "dismiss-puzzle-report";
