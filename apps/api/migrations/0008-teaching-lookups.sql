-- Lookups of SPEC §7 (/consulta/disciplinas, /cursos, /professores): the institution's courses,
-- disciplines and professors, used by the teaching-plan search tab and by the course filters.
-- Names are searched accent- and case-insensitively (f_norm); the lists are small (hundreds to a
-- few thousand rows), so a trigram index keeps substring search fast without a full-text vector.

CREATE TABLE course (
  id serial PRIMARY KEY,
  campus_id integer NOT NULL REFERENCES campus (id),
  code text NOT NULL UNIQUE,
  name text NOT NULL
);
CREATE INDEX course_name_trgm ON course USING gin (public.f_norm(name) gin_trgm_ops);

CREATE TABLE discipline (
  id serial PRIMARY KEY,
  code text NOT NULL UNIQUE,
  name text NOT NULL
);
CREATE INDEX discipline_name_trgm ON discipline USING gin (public.f_norm(name) gin_trgm_ops);

CREATE TABLE professor (
  id serial PRIMARY KEY,
  registration text NOT NULL UNIQUE,
  name text NOT NULL
);
CREATE INDEX professor_name_trgm ON professor USING gin (public.f_norm(name) gin_trgm_ops);

-- Which disciplines a course offers, and who teaches them.
CREATE TABLE course_discipline (
  course_id integer NOT NULL REFERENCES course (id) ON DELETE CASCADE,
  discipline_id integer NOT NULL REFERENCES discipline (id) ON DELETE CASCADE,
  PRIMARY KEY (course_id, discipline_id)
);

CREATE TABLE discipline_professor (
  discipline_id integer NOT NULL REFERENCES discipline (id) ON DELETE CASCADE,
  professor_id integer NOT NULL REFERENCES professor (id) ON DELETE CASCADE,
  PRIMARY KEY (discipline_id, professor_id)
);
