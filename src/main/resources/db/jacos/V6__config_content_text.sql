-- Content as a large object on H2 (TEXT is its CLOB), so a table page that holds configurations of megabytes is
-- not rewritten and read back whole whenever a row beside them changes: with VARCHAR, one publish of 8 MiB cost
-- the embedded database half a gigabyte of buffers. On PostgreSQL, TEXT is what an unbounded VARCHAR already was.
ALTER TABLE config_entry ALTER COLUMN content SET DATA TYPE TEXT;
ALTER TABLE config_history ALTER COLUMN content SET DATA TYPE TEXT;
ALTER TABLE config_gray ALTER COLUMN content SET DATA TYPE TEXT;
