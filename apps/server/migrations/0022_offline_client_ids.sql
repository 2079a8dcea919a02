-- Documents and characters made offline are sent with the id the device gave them: sent twice (the answer
-- to the first lost on the way), they are stored once.
ALTER TABLE documents ADD COLUMN client_id uuid;
CREATE UNIQUE INDEX documents_client_id_idx ON documents (user_id, client_id) WHERE client_id IS NOT NULL;
ALTER TABLE characters ADD COLUMN client_id uuid;
CREATE UNIQUE INDEX characters_client_id_idx ON characters (user_id, client_id) WHERE client_id IS NOT NULL;
