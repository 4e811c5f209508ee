// The bots' levels by name, apart from their play: a page that only names a bot's level
// (the table, the practice form) does not load the bots themselves.

export const BOT_LEVELS = ["easy", "medium", "hard"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export function isBotLevel(value: unknown): value is BotLevel {
  return BOT_LEVELS.includes(value as BotLevel);
}
