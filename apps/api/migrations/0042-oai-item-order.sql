-- OAI-PMH lists (decision 0064) page through the titles that have a MARC record in id order. With
-- this partial index a page reads its items from the index and stops after them, instead of testing
-- `marc ? 'leader'` on every later title's record and sorting them; the planner also knows from it
-- how many titles are items (the bare expression is estimated at 1 %, which chose that sort).
CREATE INDEX title_oai_item ON title (id) WHERE marc ? 'leader';
