-- Comments that wait for a moderator (docs/moderation.md, "Comments waiting for review").
--
-- `held`: null for a live comment; 'new' when a `require_approval` watched word held it as it was
-- written, 'edit' when an edit of a live comment did. A held comment is its author's alone: it is
-- not counted in its post's or thread's counters and told to nobody until a moderator passes it.
-- `watched_words`: the words (as the admin wrote them) it met, shown beside it in the review queue.
alter table comments add column held text check (held in ('new', 'edit'));
alter table comments add column watched_words text[] not null default '{}';

-- The review queue reads an organisation's held comments, oldest first; there are few.
create index comments_held on comments (org_id, id) where held is not null and deleted_at is null;
