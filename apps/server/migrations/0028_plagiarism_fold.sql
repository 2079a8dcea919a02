-- Plagiarism fingerprints now hash folded words (confusable letters, stems, synonym classes): every
-- source records the folding version it was fingerprinted with, and older ones are fingerprinted again
-- from their stored body before a check reads them (rows written before this migration are version 1).
ALTER TABLE plagiarism_sources ADD COLUMN fingerprint_version integer NOT NULL DEFAULT 1;
CREATE INDEX plagiarism_sources_version_idx ON plagiarism_sources (fingerprint_version);
