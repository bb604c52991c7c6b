-- The need search's index lookup also narrows to the rows the reader's bank may see (decision 0092).
-- Before this, network_need_keys read every bank's rows of the keyword and facets from the heap and
-- dropped the seven in eight another bank may not see: on a million needs, most of the search's
-- time. Each row's terms now also hold its bank ('b:' and the code) and, when nationwide, 'w:' and
-- the code, so that the GIN index gives the visible rows only.
CREATE OR REPLACE FUNCTION refresh_network_needs(p_bank char(4), p_company integer, p_need integer) RETURNS void
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
        || ARRAY['b:' || n.bank_code]
        || CASE WHEN n.need_reach = 'nationwide' THEN ARRAY['w:' || n.bank_code] ELSE '{}' END
    FROM needs n
    JOIN companies c ON c.bank_code = n.bank_code AND c.company_id = n.company_id
    WHERE n.bank_code = p_bank AND n.company_id = p_company AND (p_need IS NULL OR n.need_id = p_need)
      AND n.need_visibility = 1
      AND (n.need_offer_status IS NULL OR n.need_offer_status = 'accepted')
      AND NOT c.company_is_disabled AND NOT c.company_is_unsubscribed;
  END
  $$;--> statement-breakpoint
UPDATE network_needs SET nn_terms = nn_terms || ARRAY['b:' || bank_code]
  || CASE WHEN need_is_nationwide THEN ARRAY['w:' || bank_code] ELSE '{}' END;--> statement-breakpoint
DROP FUNCTION network_need_keys(text[], text[]);--> statement-breakpoint
-- The keys of the projection's rows whose terms hold every one of `terms` and, when `any_terms` is
-- given, one of those, that the transaction's bank may see: its own rows and, unless
-- `own_bank_only`, nationwide rows while both banks are in the network the transaction names. The
-- rule is the policies', written out twice: as index terms (the bank's 'b:', the other network
-- banks' 'w:'), which keep the heap reads to the visible rows, and as the filter that decides. The
-- table's owner reads it with its GIN index; the search joins the rows back by their keys, as the
-- application role, under the policies.
CREATE FUNCTION network_need_keys(terms text[], any_terms text[], own_bank_only boolean)
  RETURNS TABLE (bank_code char(4), need_id integer)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public
  AS $$
    SELECT n.bank_code, n.need_id FROM network_needs n
    WHERE n.nn_terms @> terms
      AND (any_terms IS NULL OR n.nn_terms && any_terms)
      AND n.nn_terms && (
        SELECT ARRAY['b:' || r.bank] || CASE WHEN NOT own_bank_only AND r.bank = ANY (r.network)
            THEN ARRAY(SELECT 'w:' || other FROM unnest(r.network) AS other WHERE other <> r.bank)
            ELSE '{}' END
        FROM (SELECT nullif(current_setting('app.bank_code', true), '') AS bank,
          string_to_array(nullif(current_setting('app.matching_network', true), ''), ',') AS network) AS r)
      AND (n.bank_code = nullif(current_setting('app.bank_code', true), '')::bpchar
        OR (NOT own_bank_only
          AND n.need_is_nationwide
          AND n.bank_code = ANY (string_to_array(nullif(current_setting('app.matching_network', true), ''), ',')::bpchar[])
          AND nullif(current_setting('app.bank_code', true), '')::bpchar
            = ANY (string_to_array(nullif(current_setting('app.matching_network', true), ''), ',')::bpchar[])))
  $$;--> statement-breakpoint
REVOKE ALL ON FUNCTION network_need_keys(text[], text[], boolean) FROM PUBLIC;--> statement-breakpoint
GRANT EXECUTE ON FUNCTION network_need_keys(text[], text[], boolean) TO portal_app;
