-- Patrons and their categories (SPEC §1 user categories), so the demo library has
-- documented logins from the start. Sign-in itself, linked logins and duplicates
-- come with the sign-in feature.

CREATE TABLE patron_category (
  code text PRIMARY KEY,
  label_pt text NOT NULL,
  label_en text NOT NULL,
  label_es text NOT NULL
);

CREATE TABLE patron (
  id serial PRIMARY KEY,
  login text NOT NULL UNIQUE,
  name text NOT NULL,
  email text,
  category_code text NOT NULL REFERENCES patron_category (code),
  password_hash text NOT NULL,
  is_blocked boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO patron_category (code, label_pt, label_en, label_es) VALUES
  ('01', 'Graduação', 'Undergraduate', 'Grado'),
  ('19', 'Graduação digital', 'Digital undergraduate', 'Grado digital'),
  ('03', 'Pós-graduação', 'Graduate', 'Posgrado'),
  ('06', 'Curso técnico', 'Technical course', 'Curso técnico'),
  ('07', 'Funcionário', 'Employee', 'Funcionario'),
  ('21', 'Funcionário do hospital', 'Hospital employee', 'Funcionario del hospital'),
  ('09', 'Intercâmbio', 'Exchange', 'Intercambio'),
  ('05', 'Comunidade', 'Community', 'Comunidad'),
  ('12', 'Professor', 'Professor/teacher', 'Profesor'),
  ('08', 'Especial', 'Special', 'Especial'),
  ('04', 'Alunos de idiomas', 'Language students', 'Estudiantes de idiomas');
