-- Under post-moderation an author's edit of a passed post is live at once, as a new post is, and,
-- like a new post, it is there for moderators to review afterwards: the review queue lists the
-- post until a moderator decides it (passing or not passing it, or taking it down).
alter table posts add column edit_unreviewed boolean not null default false;
create index posts_edit_unreviewed_idx on posts (org_id, id) where edit_unreviewed and deleted_at is null;
