-- A ban may hide the banned person's posts and comments from everyone else while it lasts
-- (community/visibility.ts reads it); unbanning clears it, and a ban that ran out hides nothing.
alter table users add column ban_hides_content boolean not null default false;

-- The few people whose ban hides their content, per organisation: a post's visible comment count
-- subtracts theirs (community/rows.ts) by probing the index below once per person.
create index users_hidden_by_ban_idx on users (org_id) where ban_hides_content;

-- A post's live comments by one author: how many comments of people the viewer blocked (or whose
-- ban hides them) a post has, one probe per such person.
create index comments_post_author_idx on comments (post_id, author_id) where deleted_at is null;
