CREATE TABLE "mail_quota_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "mail_quota_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_quota_events_key_idx" ON "mail_quota_events" USING btree ("key","created_at");--> statement-breakpoint
CREATE INDEX "mail_quota_events_created_idx" ON "mail_quota_events" USING btree ("created_at");--> statement-breakpoint
-- Issue 8, item 7: no live secret stays in the outbox. Reset and invitation tokens (in links, text
-- and html) and sign-up codes already stored are replaced by "[redacted]".
UPDATE "mail_outbox" SET
	"text" = regexp_replace(regexp_replace("text", '(/reset-password/|/invite/)[^/?#[:space:]"''<&]+', '\1[redacted]', 'g'), '([?&]token=)[^&#[:space:]"''<]+', '\1[redacted]', 'g'),
	"html" = regexp_replace(regexp_replace("html", '(/reset-password/|/invite/)[^/?#[:space:]"''<&]+', '\1[redacted]', 'g'), '([?&]token=)[^&#[:space:]"''<]+', '\1[redacted]', 'g'),
	"link" = regexp_replace(regexp_replace("link", '(/reset-password/|/invite/)[^/?#[:space:]"''<&]+', '\1[redacted]', 'g'), '([?&]token=)[^&#[:space:]"''<]+', '\1[redacted]', 'g');
--> statement-breakpoint
UPDATE "mail_outbox" SET
	"subject" = regexp_replace("subject", '[0-9]{6}', '[redacted]', 'g'),
	"text" = regexp_replace("text", '[0-9]{6}', '[redacted]', 'g'),
	"html" = regexp_replace("html", '[0-9]{6}', '[redacted]', 'g')
WHERE "subject" LIKE 'Your Clinical Placement Portal code:%';
