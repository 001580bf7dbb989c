-- A purchase suggestion's quote, as the acquisition librarian records it in the staff workspace
-- (decision 0059): besides its day, copies and expected delivery (0029), the unit price and the
-- vendor that quoted it.
ALTER TABLE purchase_suggestion
  ADD COLUMN quote_price numeric(10, 2) CHECK (quote_price >= 0),
  ADD COLUMN quote_vendor text;
