-- Editing (owned by community): when a post or comment was last edited, and every earlier
-- version of a comment, kept for moderators.
alter table posts add column edited_at timestamptz;
alter table comments add column edited_at timestamptz;

create table comment_revisions (
  id bigint generated always as identity primary key,
  comment_id bigint not null references comments (id),
  content text not null,
  -- When this version was replaced.
  replaced_at timestamptz not null default now()
);
create index comment_revisions_comment_idx on comment_revisions (comment_id, id desc);
