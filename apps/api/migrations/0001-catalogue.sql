-- Catalogue side of SPEC §3: titles, copies, libraries, campuses, authorities,
-- work types, languages, knowledge areas, online links, raw MARC per record.
-- PostgreSQL 15 dialect only: nothing newer (PGlite is PostgreSQL 18 inside).

CREATE EXTENSION IF NOT EXISTS unaccent;
CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- unaccent() is STABLE; generated columns and indexes need an IMMUTABLE wrapper
-- with the dictionary named and a SQL-standard body.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN public.unaccent('public.unaccent'::regdictionary, $1);

-- Normal form for comparisons: accent- and case-insensitive, single spaces.
CREATE OR REPLACE FUNCTION public.f_norm(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN btrim(regexp_replace(lower(public.f_unaccent($1)), '\s+', ' ', 'g'));

-- array_to_string is STABLE in general; for text[] it cannot change, so this wrapper is IMMUTABLE.
CREATE OR REPLACE FUNCTION public.f_join(text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN array_to_string($1, ' ');

CREATE TABLE campus (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE library (
  id serial PRIMARY KEY,
  campus_id integer NOT NULL REFERENCES campus (id),
  code text NOT NULL UNIQUE,
  name text NOT NULL
);

CREATE TABLE work_type (
  code text PRIMARY KEY,
  label_pt text NOT NULL,
  label_en text NOT NULL,
  label_es text NOT NULL
);

CREATE TABLE language (
  code text PRIMARY KEY,
  name_pt text NOT NULL,
  name_en text NOT NULL,
  name_es text NOT NULL
);

CREATE TABLE knowledge_area (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE
);

CREATE TABLE title (
  id serial PRIMARY KEY,
  control_number text NOT NULL,
  control_source text NOT NULL DEFAULT '',
  title text NOT NULL,
  title_statement text,
  vernacular_title text,
  main_author text,
  authors_text text NOT NULL DEFAULT '',
  subjects_text text NOT NULL DEFAULT '',
  edition text,
  publication_place text,
  publisher text,
  publication_date text,
  year integer,
  physical_description text,
  series text,
  notes text[] NOT NULL DEFAULT '{}',
  isbn text[] NOT NULL DEFAULT '{}',
  issn text[] NOT NULL DEFAULT '{}',
  language text,
  languages text[] NOT NULL DEFAULT '{}',
  call_number text,
  classification text,
  work_type text NOT NULL,
  remote_access text,
  cover_url text,
  is_accessible boolean NOT NULL DEFAULT false,
  knowledge_area_id integer REFERENCES knowledge_area (id),
  extra_search text NOT NULL DEFAULT '',
  -- Stemming configuration chosen from the record's language (simple when none fits).
  ts_config regconfig NOT NULL DEFAULT 'simple',
  marc jsonb NOT NULL,
  source_format text NOT NULL DEFAULT 'marc21',
  acquired_on date,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  title_norm text GENERATED ALWAYS AS (public.f_norm(title)) STORED,
  main_author_norm text GENERATED ALWAYS AS (public.f_norm(main_author)) STORED,
  call_number_norm text GENERATED ALWAYS AS (public.f_norm(call_number)) STORED,
  -- Exact words, weighted: title A > author B > subject C > the rest D.
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', public.f_unaccent(title || ' ' || coalesce(vernacular_title, ''))), 'A') ||
    setweight(to_tsvector('simple', public.f_unaccent(authors_text)), 'B') ||
    setweight(to_tsvector('simple', public.f_unaccent(subjects_text)), 'C') ||
    setweight(to_tsvector('simple', public.f_unaccent(
      coalesce(series, '') || ' ' || coalesce(publisher, '') || ' ' || coalesce(publication_place, '') || ' ' ||
      extra_search)), 'D')
  ) STORED,
  -- Stemmed words in the record's own language, for the similar-words search.
  stem_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector(ts_config, public.f_unaccent(title)), 'A') ||
    setweight(to_tsvector(ts_config, public.f_unaccent(authors_text)), 'B') ||
    setweight(to_tsvector(ts_config, public.f_unaccent(subjects_text)), 'C') ||
    setweight(to_tsvector(ts_config, public.f_unaccent(extra_search)), 'D')
  ) STORED
);
CREATE UNIQUE INDEX title_control_key ON title (control_number, control_source);
CREATE INDEX title_search_gin ON title USING gin (search_vector);
CREATE INDEX title_stem_gin ON title USING gin (stem_vector);
CREATE INDEX title_norm_prefix ON title (title_norm text_pattern_ops);
CREATE INDEX title_author_prefix ON title (main_author_norm text_pattern_ops);
CREATE INDEX title_call_number_prefix ON title (call_number_norm text_pattern_ops);
CREATE INDEX title_isbn_gin ON title USING gin (isbn);
CREATE INDEX title_issn_gin ON title USING gin (issn);
CREATE INDEX title_year ON title (year);

CREATE TABLE online_link (
  id serial PRIMARY KEY,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  seq integer NOT NULL,
  url text NOT NULL,
  description text,
  UNIQUE (title_id, seq)
);

CREATE TABLE copy (
  id serial PRIMARY KEY,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  library_id integer NOT NULL REFERENCES library (id),
  number text NOT NULL,
  volume text,
  tome text,
  part text,
  loan_type text,
  location text,
  status text NOT NULL DEFAULT 'disponivel' CHECK (status IN
    ('disponivel', 'emprestado', 'reservado', 'quarentena', 'atrasado', 'consulta_local', 'extraviado', 'em_processamento')),
  expected_return date,
  UNIQUE (library_id, number)
);
CREATE INDEX copy_title ON copy (title_id);

CREATE TABLE authority (
  id serial PRIMARY KEY,
  control_number text,
  control_source text NOT NULL DEFAULT '',
  type text NOT NULL CHECK (type IN ('pessoa', 'instituicao', 'evento', 'titulo_uniforme', 'assunto',
    'assunto_geografico', 'genero_forma', 'termo_cronologico', 'subdivisao_geral', 'subdivisao_genero_forma',
    'subdivisao_geografica', 'subdivisao_cronologica')),
  heading text NOT NULL,
  see_from text[] NOT NULL DEFAULT '{}',
  see_also text[] NOT NULL DEFAULT '{}',
  notes text[] NOT NULL DEFAULT '{}',
  marc jsonb,
  heading_norm text GENERATED ALWAYS AS (public.f_norm(heading)) STORED,
  search_vector tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', public.f_unaccent(heading)), 'A') ||
    setweight(to_tsvector('simple', public.f_unaccent(public.f_join(see_from))), 'B')
  ) STORED
);
CREATE UNIQUE INDEX authority_heading_key ON authority (type, heading_norm);
CREATE INDEX authority_search_gin ON authority USING gin (search_vector);

CREATE TABLE title_authority (
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  authority_id integer NOT NULL REFERENCES authority (id),
  role text NOT NULL CHECK (role IN ('author', 'subject')),
  position integer NOT NULL,
  relator text,
  PRIMARY KEY (title_id, role, position)
);
CREATE INDEX title_authority_authority ON title_authority (authority_id);

-- Institution settings (SPEC §3 institution data), one JSON value per key.
CREATE TABLE institution_setting (
  key text PRIMARY KEY,
  value jsonb NOT NULL
);

-- Activities that gate features (SPEC §6), with their description per language.
CREATE TABLE activity (
  code integer PRIMARY KEY,
  description_pt text NOT NULL,
  description_en text NOT NULL,
  description_es text NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);

INSERT INTO work_type (code, label_pt, label_en, label_es) VALUES
  ('LIVRO', 'Livro', 'Book', 'Libro'),
  ('EBOOK', 'Livro eletrônico', 'E-book', 'Libro electrónico'),
  ('PERIODICO', 'Periódico', 'Periodical', 'Publicación periódica'),
  ('ARTIGO', 'Artigo', 'Article', 'Artículo'),
  ('TESE', 'Tese / dissertação', 'Thesis / dissertation', 'Tesis / disertación'),
  ('PARTITURA', 'Partitura', 'Score', 'Partitura'),
  ('MAPA', 'Mapa', 'Map', 'Mapa'),
  ('VIDEO', 'Vídeo', 'Video', 'Vídeo'),
  ('GRAVACAO_SONORA', 'Gravação sonora', 'Sound recording', 'Grabación sonora'),
  ('MUSICA_GRAVADA', 'Música gravada', 'Music recording', 'Grabación musical'),
  ('ARQUIVO_COMPUTADOR', 'Arquivo de computador', 'Computer file', 'Archivo de computadora'),
  ('MANUSCRITO', 'Manuscrito', 'Manuscript', 'Manuscrito'),
  ('MATERIAL_MISTO', 'Material misto', 'Mixed materials', 'Materiales mixtos'),
  ('OBJETO', 'Objeto', 'Object', 'Objeto'),
  ('KIT', 'Kit', 'Kit', 'Kit'),
  ('IMAGEM', 'Imagem', 'Image', 'Imagen'),
  ('AUDIOLIVRO', 'Audiolivro', 'Audiobook', 'Audiolibro');

INSERT INTO language (code, name_pt, name_en, name_es) VALUES
  ('por', 'Português', 'Portuguese', 'Portugués'),
  ('eng', 'Inglês', 'English', 'Inglés'),
  ('spa', 'Espanhol', 'Spanish', 'Español'),
  ('fre', 'Francês', 'French', 'Francés'),
  ('ger', 'Alemão', 'German', 'Alemán'),
  ('ita', 'Italiano', 'Italian', 'Italiano'),
  ('lat', 'Latim', 'Latin', 'Latín'),
  ('grc', 'Grego antigo', 'Ancient Greek', 'Griego antiguo'),
  ('gre', 'Grego moderno', 'Modern Greek', 'Griego moderno'),
  ('rus', 'Russo', 'Russian', 'Ruso'),
  ('arm', 'Armênio', 'Armenian', 'Armenio'),
  ('heb', 'Hebraico', 'Hebrew', 'Hebreo'),
  ('yid', 'Iídiche', 'Yiddish', 'Ídish'),
  ('ara', 'Árabe', 'Arabic', 'Árabe'),
  ('per', 'Persa', 'Persian', 'Persa'),
  ('ota', 'Turco otomano', 'Ottoman Turkish', 'Turco otomano'),
  ('tur', 'Turco', 'Turkish', 'Turco'),
  ('chi', 'Chinês', 'Chinese', 'Chino'),
  ('jpn', 'Japonês', 'Japanese', 'Japonés'),
  ('kor', 'Coreano', 'Korean', 'Coreano'),
  ('nep', 'Nepalês', 'Nepali', 'Nepalí'),
  ('hin', 'Hindi', 'Hindi', 'Hindi'),
  ('san', 'Sânscrito', 'Sanskrit', 'Sánscrito'),
  ('tib', 'Tibetano', 'Tibetan', 'Tibetano'),
  ('urd', 'Urdu', 'Urdu', 'Urdu'),
  ('dut', 'Holandês', 'Dutch', 'Neerlandés'),
  ('cze', 'Tcheco', 'Czech', 'Checo'),
  ('pol', 'Polonês', 'Polish', 'Polaco'),
  ('swe', 'Sueco', 'Swedish', 'Sueco'),
  ('dan', 'Dinamarquês', 'Danish', 'Danés'),
  ('nor', 'Norueguês', 'Norwegian', 'Noruego'),
  ('fin', 'Finlandês', 'Finnish', 'Finlandés'),
  ('hun', 'Húngaro', 'Hungarian', 'Húngaro'),
  ('rum', 'Romeno', 'Romanian', 'Rumano'),
  ('cat', 'Catalão', 'Catalan', 'Catalán'),
  ('glg', 'Galego', 'Galician', 'Gallego'),
  ('ukr', 'Ucraniano', 'Ukrainian', 'Ucraniano'),
  ('mul', 'Multilíngue', 'Multiple languages', 'Multilingüe'),
  ('und', 'Indeterminado', 'Undetermined', 'Indeterminado'),
  ('zxx', 'Sem conteúdo linguístico', 'No linguistic content', 'Sin contenido lingüístico');

INSERT INTO activity (code, description_pt, description_en, description_es, enabled) VALUES
  (8, 'Meu Pergamum', 'Personal area', 'Área personal', true),
  (12, 'Sugestão de aquisição', 'Purchase suggestion', 'Sugerencia de adquisición', true),
  (13, 'Comentários', 'Comments', 'Comentarios', true),
  (57, 'Link externo', 'External link', 'Enlace externo', false),
  (87, 'Catálogo da rede', 'Network catalogue', 'Catálogo de la red', false),
  (88, 'Logotipo do produto', 'Product logo', 'Logotipo del producto', true),
  (107, 'Atividade 107', 'Activity 107', 'Actividad 107', false),
  (1120, 'Captcha no login', 'Captcha on login', 'Captcha en el inicio de sesión', false);
