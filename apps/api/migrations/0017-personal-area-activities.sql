-- Personal-area menu (decision 0028): one activity per item of the menu (SPEC §2 "Personal-area
-- menu", SPEC §6 activities), so an institution can take an item away from a patron category by
-- deleting its row from category_permission. Every category gets every item in the consultation
-- module (1), as 0004-sign-in.sql does for the personal area itself (8).
INSERT INTO activity (code, description_pt, description_en, description_es, enabled) VALUES
  (801, 'Empréstimos', 'Loans', 'Préstamos', true),
  (802, 'Renovação', 'Renewal', 'Renovación', true),
  (803, 'Débitos', 'Debts', 'Deudas', true),
  (804, 'Afastamentos', 'Suspensions', 'Suspensiones', true),
  (805, 'Nada consta', 'No-debts declaration', 'Certificado de libre deuda', true),
  (806, 'Histórico de empréstimos', 'Loan history', 'Historial de préstamos', true),
  (807, 'Reservas', 'Holds', 'Reservas', true),
  (808, 'Solicitações de empréstimo', 'Loan requests', 'Solicitudes de préstamo', true),
  (809, 'Empréstimo entre bibliotecas', 'Inter-library loan', 'Préstamo interbibliotecario', true),
  (810, 'Token de empréstimo', 'Loan token', 'Token de préstamo', true)
ON CONFLICT (code) DO NOTHING;

INSERT INTO category_permission (category_code, module_code, activity_code)
SELECT c.code, 1, a.code FROM patron_category c CROSS JOIN activity a WHERE a.code BETWEEN 801 AND 810
ON CONFLICT DO NOTHING;
