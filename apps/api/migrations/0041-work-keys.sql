-- Grouped works (decision 0071): editions and formats of one work share a work key, the title
-- (245 $a $b $n $p) without a leading article, accents, case, spaces and punctuation, then the main
-- author's name as f_author_keys reads it in direct order ("Assis, Machado de, 1839-1908" and
-- "Machado de Assis" are both machadodeassis). A search groups its matches by it. Null when the
-- title has no main author or nothing is left of the title: such a title stands alone.
-- A generated column, so every write path keeps it right; an index for the grouping lookups.

-- The title part: the first word dropped when it is an article in the catalogue's languages
-- (pt, en, es, fr, it, de), and an elided l' / d' before a word.
CREATE FUNCTION public.f_work_title_key(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.f_match_key(regexp_replace(public.f_norm($1),
    '^([[:punct:]«»“”‘’„—–…¿¡·[:space:]]*)((o|a|os|as|um|uma|uns|umas|the|an|el|la|los|las|un|una|unos|unas|le|les|il|lo|gli|der|die|das|ein|eine)[[:space:]]+|(l|d)[''’])',
    '\1'));

CREATE FUNCTION public.f_work_key(title text, main_author text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN public.f_work_title_key(title) || '/' ||
    (SELECT k[cardinality(k)] FROM (SELECT public.f_author_keys(main_author) AS k) a);

ALTER TABLE title ADD COLUMN work_key text GENERATED ALWAYS AS (public.f_work_key(title, main_author)) STORED;
CREATE INDEX title_work_key ON title (work_key) WHERE work_key IS NOT NULL;

-- On unless the institution turns it off (the staff content screen shows the switch set).
INSERT INTO institution_setting (key, value) VALUES ('agrupar_obras', 'true'::jsonb) ON CONFLICT (key) DO NOTHING;
