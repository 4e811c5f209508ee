-- A match is Machiavelox or classic: its seat count and, for classic, its options.
ALTER TABLE "Match" ADD COLUMN "seatCount" INTEGER NOT NULL DEFAULT 3,
ADD COLUMN "options" JSONB;
