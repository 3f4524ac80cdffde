-- New rows reach a GIN index through its pending list, which every search through the index reads
-- whole: PostgreSQL folds the list into the index only when it outgrows gin_pending_list_limit
-- (4 MB by default, some 4,000 applications) or when autovacuum comes by, which it does after a
-- fifth of the table is new, and the embedded database has no autovacuum. With 2,180 new rows in
-- the list a search of the largest meeting cost PostgreSQL 3.0-3.9 ms instead of 0.4-0.7 ms, so in
-- a deadline rush every search slowed as requests came in. A 256 kB list holds about 220 rows:
-- searches pay at most some 0.3 ms for it, and the create that fills it folds it in (about 40 ms)
-- while creates stay as cheap as before. Turning the list off instead (fastupdate) added 0.7 ms of
-- database time to every create and more than doubled a 10,000-row import.
ALTER INDEX "applications_meeting_search_trgm_idx" SET (gin_pending_list_limit = 256);
