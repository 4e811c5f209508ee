-- Players' free text stored before bidi controls were dropped on input (src/server/bidi.ts):
-- the same characters dropped from it now. Data only; no column changes.
UPDATE "Ban" SET "reason" = regexp_replace("reason", '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
  WHERE "reason" ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
UPDATE "Report" SET "reason" = regexp_replace("reason", '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
  WHERE "reason" ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
UPDATE "Report" SET "resolution" = regexp_replace("resolution", '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
  WHERE "resolution" ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
UPDATE "AuditEntry" SET "detail" = regexp_replace("detail", '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
  WHERE "detail" ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
UPDATE "Match" SET "endedReason" = regexp_replace("endedReason", '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]', '', 'g')
  WHERE "endedReason" ~ '[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]';
