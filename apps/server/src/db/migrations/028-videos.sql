-- Videos and what is made of them (modules/videos, docs/video.md). One row per uploaded video file,
-- created when a post first names it: the server's own figures (ffprobe), where its processing is,
-- and the poster, MP4 and HLS it made. The posts naming the file carry the same state in their media
-- items (modules/videos writes it there through community's `patchMediaItems`), so nothing that
-- reads a post joins this table.
create table videos (
  path text primary key,
  org_id text not null references organisations (id),
  user_id bigint not null references users (id),
  status text not null check (status in ('processing', 'ready', 'failed')),
  -- The author's language when they posted it: a failure is told in it.
  lang text not null,
  size bigint not null,
  duration double precision not null,
  width int not null,
  height int not null,
  -- ffprobe's figures: container, codecs, rotation, frame rate (video/probe.ts).
  facts jsonb not null,
  poster text,
  mp4 text,
  hls text,
  progress real not null default 0,
  failure_code text,
  -- How many times processing was asked for (a post, then each "try again").
  requests int not null default 1,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index videos_owner_idx on videos (org_id, user_id);

-- A post whose video is processing or failed is its author's alone until the video is ready
-- (community/visibility.ts). Kept by the database from the media items, so every reader filters on
-- a plain column and the feeds' partial indexes still serve them (the filter only drops rows).
alter table posts add column video_held boolean generated always as (
  media @> '[{"status": "processing"}]'::jsonb or media @> '[{"status": "failed"}]'::jsonb) stored;

-- The author's notification that a long video is ready or failed.
alter table notifications drop constraint notifications_type_check;
alter table notifications add constraint notifications_type_check check (type in ('comment', 'reply', 'mention', 'post_like',
  'comment_like', 'config_copy', 'config_apply', 'follow', 'post_passed', 'post_not_passed', 'post_removed', 'comment_removed',
  'report_outcome', 'new_sign_in', 'video_processed'));
