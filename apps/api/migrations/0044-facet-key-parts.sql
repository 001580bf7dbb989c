-- The keys an authority link and a copy give a title, each defined once: title_linked_facet_keys
-- (migration 0010) reads them from the rows a title has, and the importer (decision 0072) from the
-- headings and copies a new title is about to get, so the two never disagree on a key.
CREATE FUNCTION public.authority_facet_key(link_role text, authority_type text, authority_id integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN CASE
           WHEN link_role = 'author' THEN 'A:'
           WHEN authority_type IN ('assunto_geografico', 'subdivisao_geografica') THEN 'G:'
           WHEN authority_type IN ('genero_forma', 'subdivisao_genero_forma') THEN 'F:'
           WHEN authority_type IN ('pessoa', 'instituicao', 'evento', 'titulo_uniforme') THEN 'N:'
           ELSE 'S:'
         END || authority_id;

-- B library, U campus, D available now, O loan type, L location (MFHD holdings append the call
-- number after a dash: the location is what precedes it).
CREATE FUNCTION public.copy_facet_keys(library_id integer, campus_id integer, copy_status text, loan_type text,
    copy_location text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN ARRAY[
           'B:' || library_id,
           'U:' || campus_id,
           CASE WHEN copy_status = 'disponivel' THEN 'D:S' END,
           'O:' || public.f_facet_text(loan_type),
           'L:' || public.f_facet_text(split_part(copy_location, ' — ', 1))
         ];

CREATE OR REPLACE FUNCTION public.title_linked_facet_keys(for_title integer) RETURNS text[]
  LANGUAGE plpgsql STABLE PARALLEL SAFE
  AS $$
  BEGIN
    RETURN ARRAY(
      SELECT unnest(public.copy_facet_keys(c.library_id, l.campus_id, c.status, c.loan_type, c.location))
        FROM copy c JOIN library l ON l.id = c.library_id
       WHERE c.title_id = for_title
      UNION ALL
      SELECT public.authority_facet_key(ta.role, a.type, a.id)
        FROM title_authority ta JOIN authority a ON a.id = ta.authority_id
       WHERE ta.title_id = for_title
      UNION ALL
      SELECT unnest(ARRAY['X:O', 'M:online']) FROM online_link o WHERE o.title_id = for_title
      UNION ALL
      SELECT 'NA_C:' || p.course_id
        FROM teaching_plan_title pt JOIN teaching_plan p ON p.id = pt.plan_id
       WHERE pt.title_id = for_title);
  END
  $$;
