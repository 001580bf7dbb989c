-- The MARC mapping gives the work type OUTRO to a record whose leader/06 and Koha item type say
-- nothing it knows, and to a normative act of no known kind; migration 0001 named every other work
-- type but not this one. Its titles' filter showed the code "OUTRO", the interest profile could not
-- offer it, and the search tabs that list work types by joining their names left it out.
INSERT INTO work_type (code, label_pt, label_en, label_es) VALUES ('OUTRO', 'Outro', 'Other', 'Otro')
ON CONFLICT (code) DO NOTHING;
