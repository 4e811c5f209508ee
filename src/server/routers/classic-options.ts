import { z } from "zod";
import {
  ACE_RULES,
  MAX_PENALTY,
  MIN_HAND,
  MIN_PLAYERS,
  parseOptions,
  STANDARD_HAND,
  STANDARD_PENALTY,
  STANDARD_TARGET,
  VARIANTS,
} from "@/engine/classic";

/** A live turn lasts at most this long: a table is never held up longer by one player. */
export const MAX_TURN_LIMIT_MS = 10 * 60_000;

/**
 * A classic game's options as a request gives them (friendly games, practice): checked here
 * for shape, then by the engine's own `parseOptions` (variants that do not combine, ...).
 */
export const classicOptionsInput = z
  .object({
    variants: z.array(z.enum(VARIANTS)).max(VARIANTS.length).default([]),
    ace: z.enum(ACE_RULES).default("low-or-high"),
    penalty: z.number().int().min(0).max(MAX_PENALTY).default(STANDARD_PENALTY),
    handSize: z.number().int().min(MIN_HAND).max(STANDARD_HAND).nullable().default(null),
    turnLimit: z.number().int().min(5_000).max(MAX_TURN_LIMIT_MS).nullable().default(null),
    target: z.number().int().min(1).max(1000).nullable().default(STANDARD_TARGET),
  })
  .transform((input, ctx) => {
    const parsed = parseOptions(input, MIN_PLAYERS);
    if (parsed.ok) return parsed.options;
    ctx.addIssue({ code: "custom", message: parsed.error });
    return z.NEVER;
  });
