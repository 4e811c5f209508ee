// Dates as the site shows them: the same in both languages, in UTC, so every reader of a
// moderator's note or a ban sees the same instant.

export function when(date: Date | null): string {
  return date ? date.toISOString().slice(0, 16).replace("T", " ") + " UTC" : "—";
}
