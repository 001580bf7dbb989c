-- The library's staff (decision 0054): a person who signs in like any patron (password, SSO) and
-- holds one or more roles, each opening a part of the staff workspace (/equipe). Roles are checked
-- by the server on every staff call, read from here each time, so a role taken away is gone at
-- the next call.
CREATE TABLE staff_role (
  patron_id integer NOT NULL REFERENCES patron (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('circulacao', 'referencia', 'aquisicao', 'catalogacao', 'administrador')),
  granted_at timestamptz NOT NULL,
  -- Who granted it: a staff login, or the operator's name when granted by command.
  granted_by text NOT NULL,
  PRIMARY KEY (patron_id, role)
);
