-- Classic Machiavelli's own rating, apart from Machiavelox's.
ALTER TABLE "User" ADD COLUMN "classicRatingMu" DOUBLE PRECISION NOT NULL DEFAULT 25,
ADD COLUMN "classicRatingSigma" DOUBLE PRECISION NOT NULL DEFAULT 8.333333333333334,
ADD COLUMN "classicRounds" INTEGER NOT NULL DEFAULT 0;
