-- The teaching plan of the personal area (activity 831) shows a professor their own disciplines:
-- the professor of the institution's lookups (0008) is linked to the patron who signs in as them.
-- One patron is at most one professor; removing the patron leaves the professor unlinked.
ALTER TABLE professor ADD COLUMN patron_id integer UNIQUE REFERENCES patron (id) ON DELETE SET NULL;

-- GET /acervo/{id}/cor: the colour of the spine label the library sticks on a work type's copies
-- (#rrggbb), so the record can show the same mark the patron looks for on the shelf. Null: no label.
ALTER TABLE work_type ADD COLUMN color text CHECK (color ~ '^#[0-9a-f]{6}$');
UPDATE work_type SET color = v.color
  FROM (VALUES ('LIVRO', '#1c7ed6'), ('PERIODICO', '#e8590c'), ('TESE', '#2f9e44'),
               ('MAPA', '#9c36b5'), ('PARTITURA', '#c2255c')) AS v(code, color)
 WHERE work_type.code = v.code;
