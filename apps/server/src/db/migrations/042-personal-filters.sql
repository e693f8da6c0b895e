-- Personal filters: words a person does not want to read, in the places they choose
-- (docs/moderation.md, "Personal filters"; apps/server/src/modules/safety/filters-service.ts).

-- `words` is [{word, wholeWord}] (at most 50, checked by the route); `contexts` a subset of feed,
-- search, comments, notifications, profiles. An expired filter is kept (the person may renew it)
-- and ignored when reading.
create table personal_filters (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  user_id bigint not null references users (id),
  title text not null check (char_length(title) between 1 and 100),
  words jsonb not null,
  action text not null check (action in ('hide', 'warn')),
  contexts text[] not null,
  expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index personal_filters_user on personal_filters (user_id, id);

-- Every change of a person's filters raises their version in the change's transaction; each process
-- keeps the person's compiled matcher with the version it was built from, and asks for the version
-- (one indexed read) before applying it. No row: the person has no filters, nothing to apply.
create table personal_filter_versions (
  user_id bigint primary key references users (id),
  version bigint not null
);

-- The shared first pages (community/first-pages.ts, first-comments.ts) are wrong for a reader whose
-- filters hold there: as for someone with people on their lists, their page is read for them. Asked
-- in the statement that reads their session, as the rest of these marks (migration 024).
create or replace function feed_marks(viewer bigint, page bigint[], writers bigint[], lowest bigint) returns json
language plpgsql stable as $$
begin
  return json_build_object(
    'liked', array(select pl.post_id::text from post_likes pl where pl.user_id = viewer and pl.post_id = any(page)),
    'favourited', array(select pf.post_id::text from post_favourites pf where pf.user_id = viewer and pf.post_id = any(page)),
    -- This moment's like and favourite counts: a reader who just liked sees their like counted.
    'counts', (select json_object_agg(p.id::text, json_build_array(p.like_count, p.favourite_count)) from posts p where p.id = any(page)),
    'own', exists (select 1 from user_blocks own_list where own_list.user_id = viewer)
      or exists (select 1 from user_blocks shut_out where shut_out.target_id = viewer and shut_out.user_id = any(writers) and shut_out.kind = 'blacklist')
      or exists (select 1 from posts mine where mine.author_id = viewer and mine.id >= lowest and mine.deleted_at is null)
      or exists (select 1 from personal_filters f where f.user_id = viewer and 'feed' = any(f.contexts) and (f.expires_at is null or f.expires_at > now())));
end $$;

create or replace function comment_marks(viewer bigint, post bigint, post_author bigint, page bigint[]) returns json
language plpgsql stable as $$
begin
  return json_build_object(
    'liked', array(select cl.comment_id::text from comment_likes cl where cl.user_id = viewer and cl.comment_id = any(page)),
    'own', exists (select 1 from user_blocks own_list where own_list.user_id = viewer)
      or exists (select 1 from user_blocks shut_out where shut_out.target_id = viewer and shut_out.user_id = post_author and shut_out.kind = 'blacklist')
      or exists (select 1 from comments mine where mine.post_id = post and mine.author_id = viewer and mine.deleted_at is null)
      or exists (select 1 from personal_filters f where f.user_id = viewer and 'comments' = any(f.contexts) and (f.expires_at is null or f.expires_at > now())));
end $$;
