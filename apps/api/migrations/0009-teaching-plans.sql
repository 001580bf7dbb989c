-- Teaching plans (SPEC §3: course, year, semester, period, discipline, vacancies, bibliography):
-- the titles a discipline of a course lists for a term. The teaching-plan search tab reads them,
-- and the new-acquisitions course filter (NA_C) counts a title under each course whose plans list it.

CREATE TABLE teaching_plan (
  id serial PRIMARY KEY,
  course_id integer NOT NULL REFERENCES course (id) ON DELETE CASCADE,
  discipline_id integer NOT NULL REFERENCES discipline (id) ON DELETE CASCADE,
  professor_id integer REFERENCES professor (id) ON DELETE SET NULL,
  year integer NOT NULL CHECK (year BETWEEN 1900 AND 2999),
  semester integer NOT NULL CHECK (semester IN (1, 2)),
  -- The course period (1st, 2nd… semester of the course) the discipline belongs to.
  period integer CHECK (period BETWEEN 1 AND 20),
  vacancies integer CHECK (vacancies >= 0),
  UNIQUE (course_id, discipline_id, year, semester)
);

CREATE TABLE teaching_plan_title (
  plan_id integer NOT NULL REFERENCES teaching_plan (id) ON DELETE CASCADE,
  title_id integer NOT NULL REFERENCES title (id) ON DELETE CASCADE,
  -- Basic or complementary bibliography.
  kind text NOT NULL CHECK (kind IN ('basica', 'complementar')),
  PRIMARY KEY (plan_id, title_id)
);
CREATE INDEX teaching_plan_title_title ON teaching_plan_title (title_id);
