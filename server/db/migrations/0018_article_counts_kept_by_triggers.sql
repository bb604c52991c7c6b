-- As for the other bank tables (0002): the policy applies to the table owner too.
ALTER TABLE "article_counts" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "article_read_revisions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "article_revisions" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- A cache: a crash may empty it (every count is then counted again), and a count cached while
-- answering a GET writes no WAL, so that transaction's commit waits for no flush.
ALTER TABLE "article_counts" SET UNLOGGED;--> statement-breakpoint
-- The bank's revision moves with every statement that adds, removes or changes an item in a way a
-- list's count can see (seminar_applied_count, body and title changes do not). The triggers run
-- as the writing role, in the writing transaction: the bump commits with the change, or not at all.
CREATE FUNCTION "bump_article_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_revisions AS kept (bank_code, revision)
  SELECT DISTINCT bank_code, 1 FROM changed_articles
  ON CONFLICT (bank_code) DO UPDATE SET revision = kept.revision + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "bump_article_revision_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_revisions AS kept (bank_code, revision)
  SELECT DISTINCT changed.bank_code, 1
  FROM changed_articles AS changed JOIN articles_before AS earlier USING (bank_code, article_id)
  WHERE (changed.article_kind, changed.article_visibility, changed.article_publish_start, changed.article_publish_end,
         changed.article_target, changed.category_code, changed.pi_status, changed.seminar_held_at)
    IS DISTINCT FROM
        (earlier.article_kind, earlier.article_visibility, earlier.article_publish_start, earlier.article_publish_end,
         earlier.article_target, earlier.category_code, earlier.pi_status, earlier.seminar_held_at)
  ON CONFLICT (bank_code) DO UPDATE SET revision = kept.revision + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "articles_revision_on_insert" AFTER INSERT ON "articles"
  REFERENCING NEW TABLE AS changed_articles FOR EACH STATEMENT EXECUTE FUNCTION "bump_article_revision"();--> statement-breakpoint
CREATE TRIGGER "articles_revision_on_delete" AFTER DELETE ON "articles"
  REFERENCING OLD TABLE AS changed_articles FOR EACH STATEMENT EXECUTE FUNCTION "bump_article_revision"();--> statement-breakpoint
CREATE TRIGGER "articles_revision_on_update" AFTER UPDATE ON "articles"
  REFERENCING OLD TABLE AS articles_before NEW TABLE AS changed_articles
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_article_revision_on_update"();--> statement-breakpoint
-- A user's read revision moves with every read mark added. Read marks are removed only with their
-- item (the bank's revision moves) or their user (whose counts nobody asks for again).
CREATE FUNCTION "bump_article_read_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_read_revisions AS kept (bank_code, user_id, revision)
  SELECT DISTINCT bank_code, user_id, 1 FROM added_reads
  ON CONFLICT (bank_code, user_id) DO UPDATE SET revision = kept.revision + 1;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "article_reads_revision_on_insert" AFTER INSERT ON "article_reads"
  REFERENCING NEW TABLE AS added_reads FOR EACH STATEMENT EXECUTE FUNCTION "bump_article_read_revision"();
