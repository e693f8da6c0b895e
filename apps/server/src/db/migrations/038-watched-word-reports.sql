-- A `flag` watched word lets a post or comment through and reports it: the report is the system's,
-- with no reporter, the reason `watched_word` and the words met (apps/server/src/lib/watched-words).
-- One such report per case at most: a flagged edit updates it and puts it back in the queue.
alter table reports alter column reporter_id drop not null;
alter table reports add column watched_words text[];
alter table reports drop constraint reports_reason_check;
alter table reports add constraint reports_reason_check check (reason in ('spam', 'abuse', 'cheating', 'illegal', 'other', 'watched_word'));
alter table reports add constraint reports_system_check check ((reporter_id is null) = (reason = 'watched_word') and (reporter_id is null) = (watched_words is not null));
create unique index reports_system_idx on reports (case_id) where reporter_id is null;
