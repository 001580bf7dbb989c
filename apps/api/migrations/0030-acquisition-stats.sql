-- Acquisition of each copy (decision 0051): when it entered the collection, how (purchase, donation,
-- exchange), from whom and for how much. Read from MARC on import where the record says
-- (docs/marc-mapping.md "Acquisition"); the acquisition statistics count copies by these.
ALTER TABLE copy ADD COLUMN acquired_on date;
ALTER TABLE copy ADD COLUMN acquisition_mode text CHECK (acquisition_mode IN ('compra', 'doacao', 'permuta'));
ALTER TABLE copy ADD COLUMN acquisition_source text;
ALTER TABLE copy ADD COLUMN acquisition_price numeric(12, 2) CHECK (acquisition_price >= 0);
CREATE INDEX copy_acquired_on ON copy (acquired_on) WHERE acquired_on IS NOT NULL;
