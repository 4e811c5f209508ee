import { Prisma } from "@/generated/prisma/client";

/**
 * Whether `error` is a unique index's refusal (P2002) on `column`. Through the pg driver
 * adapter Prisma names the index's columns in the adapter's cause (quoted), not in `meta.target`.
 */
export function violatesUnique(error: unknown, column: string): boolean {
  if (!(error instanceof Prisma.PrismaClientKnownRequestError) || error.code !== "P2002")
    return false;
  const cause = (
    error.meta as { driverAdapterError?: { cause?: { constraint?: { fields?: string[] } } } }
  )?.driverAdapterError?.cause;
  const fields = cause?.constraint?.fields ?? [];
  return fields.some((field) => field.replace(/"/g, "") === column);
}
