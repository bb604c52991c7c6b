-- Business matching (decision 0092). As for the other bank tables (0002): the policies apply to
-- the table owner too.
ALTER TABLE "needs" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- network_needs is not forced: its owner reads it in network_need_keys below, the one search path
-- that needs its GIN index, which row-level security keeps from the application role (no array
-- operator is LEAKPROOF, so the policies must run first, on every row). The application role stays
-- under both policies, and reads every row it is answered through them.
ALTER TABLE "matching_deals" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "matching_deal_messages" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "need_favorites" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "matching_campaigns" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "matching_agent_requests" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "matching_agreements" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "need_notice_digests" FORCE ROW LEVEL SECURITY;--> statement-breakpoint
-- A deal's messages are written, never changed (they go with their deal)
REVOKE UPDATE, DELETE, TRUNCATE ON "matching_deal_messages" FROM portal_app;--> statement-breakpoint
-- but for when the other side was told of it.
GRANT UPDATE (message_notified_at) ON "matching_deal_messages" TO portal_app;--> statement-breakpoint
-- The projection is written by the triggers below only: the application reads it.
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON "network_needs" FROM portal_app;--> statement-breakpoint
-- How a text is searched: Unicode NFKC (full-width letters and digits, half-width kana) in lower case.
CREATE FUNCTION matching_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$ select lower(normalize(value, NFKC)) $$;--> statement-breakpoint
-- The distinct two-character pieces of a searched text (none spanning white space): what a keyword
-- of two characters or more is looked up by, as pg_bigm would, with a plain GIN index on text[].
CREATE FUNCTION matching_bigrams(value text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  AS $$
    select coalesce(array_agg(distinct piece), '{}')
    from (select string_to_array(matching_text(value), null) as ch offset 0) t,
      unnest(t.ch[1:cardinality(t.ch) - 1], t.ch[2:cardinality(t.ch)]) as pair(a, b),
      lateral (select pair.a || pair.b as piece) p
    where piece !~ '\s'
  $$;--> statement-breakpoint
-- The keys of the projection's rows whose terms hold every one of `terms` and, when `any_terms` is
-- given, one of those, that the transaction's bank may see: its own rows, and nationwide rows while
-- both banks are in the network the transaction names — the policies' rule, written out, as the
-- table's owner reads it with its GIN index. The search joins the rows back by their keys, as the
-- application role, under the policies.
CREATE FUNCTION network_need_keys(terms text[], any_terms text[]) RETURNS TABLE (bank_code char(4), need_id integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT n.bank_code, n.need_id FROM network_needs n
    WHERE n.nn_terms @> terms
      AND (any_terms IS NULL OR n.nn_terms && any_terms)
      AND (n.bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar
        OR (n.need_is_nationwide
          AND n.bank_code = ANY (string_to_array(nullif(current_setting('app.matching_network', true), ''), ',')::bpchar[])
          AND nullif(current_setting('app.bank_code', true), '')::bpchar
            = ANY (string_to_array(nullif(current_setting('app.matching_network', true), ''), ',')::bpchar[])))
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION network_need_keys(text[], text[]) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION network_need_keys(text[], text[]) TO portal_app;--> statement-breakpoint
-- Rewrites the projection of one need (or, need null, of all the company's needs) from needs and
-- companies: a row for each public need (an offer once accepted) of an active company. It runs as
-- the migration's owner (the application role may not write the projection) and only for the
-- transaction's own bank.
CREATE FUNCTION refresh_network_needs(p_bank char(4), p_company integer, p_need integer) RETURNS void
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF p_bank IS DISTINCT FROM nullif(current_setting('app.bank_code', true), '')::bpchar THEN
      RAISE EXCEPTION 'network_needs: bank % is not the transaction''s bank', p_bank;
    END IF;
    DELETE FROM network_needs
      WHERE bank_code = p_bank AND company_id = p_company AND (p_need IS NULL OR need_id = p_need);
    INSERT INTO network_needs (
      bank_code, need_id, need_unique_code, company_id, company_unique_code, company_name,
      company_prefecture_code, need_title, need_category, need_industry_codes, need_area_codes,
      need_body, need_image_file_codes, need_period_start, need_period_end, need_is_nationwide,
      need_created_at, need_updated_at, nn_title_text, nn_body_text, nn_terms)
    SELECT n.bank_code, n.need_id, n.need_unique_code, n.company_id, c.company_unique_code,
      c.company_name, c.company_prefecture_code, n.need_title, n.need_category,
      n.need_industry_codes, n.need_area_codes, n.need_body, n.need_image_file_codes,
      n.need_period_start, n.need_period_end, n.need_reach = 'nationwide', n.need_created_at,
      n.need_updated_at, matching_text(n.need_title), matching_text(n.need_body),
      matching_bigrams(n.need_title || ' ' || n.need_body)
        || ARRAY['c:' || n.need_category]
        || ARRAY(SELECT 'i:' || code FROM unnest(n.need_industry_codes) AS code)
        || CASE WHEN cardinality(n.need_area_codes) = 0 THEN ARRAY['a:00']
           ELSE ARRAY(SELECT 'a:' || code FROM unnest(n.need_area_codes) AS code) END
    FROM needs n
    JOIN companies c ON c.bank_code = n.bank_code AND c.company_id = n.company_id
    WHERE n.bank_code = p_bank AND n.company_id = p_company AND (p_need IS NULL OR n.need_id = p_need)
      AND n.need_visibility = 1
      AND (n.need_offer_status IS NULL OR n.need_offer_status = 'accepted')
      AND NOT c.company_is_disabled AND NOT c.company_is_unsubscribed;
  END
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION refresh_network_needs(char, integer, integer) FROM PUBLIC;--> statement-breakpoint
CREATE FUNCTION needs_refresh_network() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      PERFORM refresh_network_needs(OLD.bank_code, OLD.company_id, OLD.need_id);
    ELSE
      PERFORM refresh_network_needs(NEW.bank_code, NEW.company_id, NEW.need_id);
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER needs_refresh_network AFTER INSERT OR UPDATE OR DELETE ON needs
  FOR EACH ROW EXECUTE FUNCTION needs_refresh_network();--> statement-breakpoint
CREATE FUNCTION companies_refresh_network() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public
  AS $$
  BEGIN
    PERFORM refresh_network_needs(NEW.bank_code, NEW.company_id, NULL);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER companies_refresh_network AFTER UPDATE ON companies
  FOR EACH ROW
  WHEN (OLD.company_name IS DISTINCT FROM NEW.company_name
    OR OLD.company_unique_code IS DISTINCT FROM NEW.company_unique_code
    OR OLD.company_prefecture_code IS DISTINCT FROM NEW.company_prefecture_code
    OR OLD.company_is_disabled IS DISTINCT FROM NEW.company_is_disabled
    OR OLD.company_is_unsubscribed IS DISTINCT FROM NEW.company_is_unsubscribed)
  EXECUTE FUNCTION companies_refresh_network();
