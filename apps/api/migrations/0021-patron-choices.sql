-- The patron's own choices (SPEC §3 Personal data "receive e-mails"; LGPD privacy choices): whether
-- notices and alerts also go by e-mail, and whether the loan history is kept after each return
-- (false: the returned loan is anonymised). Both default to what the library did before.
ALTER TABLE patron ADD COLUMN receives_email boolean NOT NULL DEFAULT true;
ALTER TABLE patron ADD COLUMN keeps_loan_history boolean NOT NULL DEFAULT true;

-- The rest of the personal-area menu (decision 0028's scheme): one activity per item, every
-- category holding each in the consultation module (1).
INSERT INTO activity (code, description_pt, description_en, description_es, enabled) VALUES
  (811, 'Dados pessoais', 'Personal data', 'Datos personales', true),
  (812, 'Troca de usuário', 'Switch user', 'Cambio de usuario', true),
  (813, 'Meus comentários', 'My comments', 'Mis comentarios', true),
  (814, 'Cesta permanente e listas', 'Saved lists', 'Cesta permanente y listas', true),
  (815, 'Bases de dados', 'Databases', 'Bases de datos', true),
  (816, 'Alertas', 'Alerts', 'Alertas', true),
  (817, 'Privacidade', 'Privacy', 'Privacidad', true),
  (818, 'Senha', 'Password', 'Contraseña', true)
ON CONFLICT (code) DO NOTHING;

INSERT INTO category_permission (category_code, module_code, activity_code)
SELECT c.code, 1, a.code FROM patron_category c CROSS JOIN activity a WHERE a.code BETWEEN 811 AND 818
ON CONFLICT DO NOTHING;
