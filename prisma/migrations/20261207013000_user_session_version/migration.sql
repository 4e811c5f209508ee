-- Sessions carry this version; raising it revokes them (sign-out everywhere).
ALTER TABLE "User" ADD COLUMN "sessionVersion" INTEGER NOT NULL DEFAULT 0;
