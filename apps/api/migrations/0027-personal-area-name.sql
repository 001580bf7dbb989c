-- The personal area's name is the institution's (setting nome_area_pessoal, decision 0046), not
-- another product's: activity 8 gets a neutral description.
UPDATE activity SET description_pt = 'Área pessoal' WHERE code = 8 AND description_pt = 'Meu Pergamum';
