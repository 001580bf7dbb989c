-- The academic-library services of the personal-area menu (SPEC §2; decision 0047): one activity
-- per item (decision 0028's scheme), and the requests a patron sends to the library (bibliographic
-- switching, bibliographic survey, specialized search, catalogue sheet), each with its history of
-- states and the library's answer.
INSERT INTO activity (code, description_pt, description_en, description_es, enabled) VALUES
  (819, 'Perfil de interesse', 'Interest profile', 'Perfil de interés', true),
  (820, 'Áreas de interesse', 'Areas of interest', 'Áreas de interés', true),
  (821, 'Pedidos à biblioteca', 'Library requests', 'Pedidos a la biblioteca', true),
  (822, 'Comutação e levantamento bibliográfico', 'Document supply and literature search', 'Conmutación y búsqueda bibliográfica', true),
  (823, 'Ficha catalográfica', 'Catalogue sheet', 'Ficha catalográfica', true),
  (824, 'Sugerir aquisição', 'Suggest a purchase', 'Sugerir adquisición', true),
  (825, 'Consulta de sugestões', 'My purchase suggestions', 'Consulta de sugerencias', true),
  (826, 'Pedidos de compra', 'Purchase orders', 'Órdenes de compra', true),
  (827, 'Estatísticas de aquisição', 'Acquisition statistics', 'Estadísticas de adquisición', true),
  (828, 'Totais de títulos', 'Title totals', 'Totales de títulos', true),
  (829, 'Postagem de trabalhos', 'Paper deposit', 'Envío de trabajos', true),
  (830, 'Pesquisa especializada', 'Specialised search', 'Búsqueda especializada', true),
  (831, 'Plano de ensino', 'Teaching plan', 'Plan de enseñanza', true)
ON CONFLICT (code) DO NOTHING;

-- Every category holds each service, except purchase orders and the teaching plan, which are a
-- professor's (category 12, SPEC §1 "professor/teacher"; SPEC §6 teachers' own purchase path).
INSERT INTO category_permission (category_code, module_code, activity_code)
SELECT c.code, 1, a.code FROM patron_category c CROSS JOIN activity a
WHERE a.code BETWEEN 819 AND 831 AND (a.code NOT IN (826, 831) OR c.code = '12')
ON CONFLICT DO NOTHING;

-- A request a patron sends to the library (SPEC §7 api/solicitacoes): its type (the path segment
-- of SPEC §7), the kind within the type (bibliographic switching: artigo, tese, parte-documento),
-- the fields the patron filled in (SPEC §3, as sent), the library it goes to, its status, and the
-- library's answer: a text and/or one file. `library_data` holds what the library adds while it
-- works on it (a catalogue sheet's classification, Cutter number and subjects).
CREATE TABLE library_request (
  id serial PRIMARY KEY,
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (
    type IN ('comutacao-bibliografica', 'levantamento-bibliografico', 'pesquisa-especializada', 'ficha-catalografica')
  ),
  subtype text,
  library_id integer REFERENCES library (id),
  status text NOT NULL DEFAULT 'aguardando'
    CHECK (status IN ('aguardando', 'em_atendimento', 'atendida', 'nao_atendida', 'cancelada')),
  fields jsonb NOT NULL DEFAULT '{}'::jsonb,
  library_data jsonb NOT NULL DEFAULT '{}'::jsonb,
  answer_text text,
  answer_file_name text,
  answer_file_type text,
  answer_file bytea,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
CREATE INDEX library_request_patron ON library_request (patron_id, type, created_at DESC);
CREATE INDEX library_request_queue ON library_request (type, status, created_at);

-- Each state a request went through, with who moved it (null: the patron, on sending) and a note.
CREATE TABLE library_request_event (
  id serial PRIMARY KEY,
  request_id integer NOT NULL REFERENCES library_request (id) ON DELETE CASCADE,
  status text NOT NULL,
  note text,
  staff text,
  at timestamptz NOT NULL
);
CREATE INDEX library_request_event_request ON library_request_event (request_id, at);
