-- The patron's personal data (SPEC §3 "Personal data"; decision 0041): the address, documents and
-- the rest, each nullable (the library may not know it). patron.email stays the primary e-mail
-- (recovery codes and notices go there); other_emails holds the rest of the patron's list, in order.
ALTER TABLE patron ADD COLUMN street text;
ALTER TABLE patron ADD COLUMN complement text;
ALTER TABLE patron ADD COLUMN postal_code text;
ALTER TABLE patron ADD COLUMN city text;
ALTER TABLE patron ADD COLUMN district text;
ALTER TABLE patron ADD COLUMN id_number text;
-- Brazil's CPF, digits only, its two check digits verified before it is stored.
ALTER TABLE patron ADD COLUMN tax_number text CHECK (tax_number ~ '^[0-9]{11}$');
ALTER TABLE patron ADD COLUMN nationality text;
ALTER TABLE patron ADD COLUMN gender text CHECK (gender IN ('feminino', 'masculino', 'outro', 'nao_informado'));
ALTER TABLE patron ADD COLUMN birth_date date;
ALTER TABLE patron ADD COLUMN education text;
ALTER TABLE patron ADD COLUMN locality text;
ALTER TABLE patron ADD COLUMN job text;
ALTER TABLE patron ADD COLUMN marital_status text
  CHECK (marital_status IN ('solteiro', 'casado', 'separado', 'divorciado', 'viuvo', 'outro'));
ALTER TABLE patron ADD COLUMN other_emails text[] NOT NULL DEFAULT '{}';
ALTER TABLE patron ADD COLUMN phone text;
ALTER TABLE patron ADD COLUMN mobile_phone text;
-- The last day the registration is valid, for institutions that ask a yearly renewal (setting
-- renovacao_cadastro_anual); null: no end.
ALTER TABLE patron ADD COLUMN registration_valid_until date;

-- Every change of personal data: who changed it (the patron, or the library by command), when, which
-- field (its wire name), the value before and after (as text; null for empty). The library reads it
-- with `estante account history`.
CREATE TABLE patron_data_change (
  id bigserial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  changed_at timestamptz NOT NULL,
  changed_by text NOT NULL,
  field text NOT NULL,
  old_value text,
  new_value text
);
CREATE INDEX patron_data_change_patron ON patron_data_change (patron_id, changed_at);

-- The information text of an activity (SPEC §7 /parametros/atividade/{id}/informativo), HTML the
-- institution writes per language, shown where the activity is offered.
ALTER TABLE activity ADD COLUMN information_pt text;
ALTER TABLE activity ADD COLUMN information_en text;
ALTER TABLE activity ADD COLUMN information_es text;
