-- Two statements run by every signed-in read take longer to plan than to run (docs/feed-cost.md):
-- the session lookup, and a reader's marks on the shared first feed page. As plpgsql functions,
-- each connection plans them once and keeps the plan; the client prepares nothing, so pgbouncer's
-- transaction pooling keeps working (docs/deploy.md, "Transaction pooling").

-- The live session behind a token's hash, with its person (accounts/repo.ts findSession; the
-- liveness rule is liveSession's there, and the ban columns banColumns').
create function session_of(hash text, idle_days int, max_days int)
returns table (id bigint, org_id text, username text, nickname text, avatar text, state int, role text,
  banned boolean, banned_until timestamptz, ban_hides_content boolean, session_org_id text, stale boolean)
language plpgsql stable as $$
#variable_conflict use_column
begin
  return query
    select u.id, u.org_id, u.username, u.nickname, u.avatar, u.state, u.role,
      coalesce(u.banned_until > now(), false),
      case when u.banned_until = 'infinity' then null else u.banned_until end,
      u.ban_hides_content, s.org_id, s.last_used_at < now() - interval '1 minute'
    from sessions s join users u on u.id = s.user_id
    where s.token_hash = hash and s.revoked_at is null
      and s.last_used_at > now() - make_interval(days => idle_days) and s.created_at > now() - make_interval(days => max_days);
end $$;

-- A reader's likes and favourites among a first feed page's posts, the posts' counts now, and whether the page read for
-- nobody would be wrong for them (community/shared-feed-repo.ts says when; the lists are
-- safety's: someone on the viewer's block list or blacklist, or one of the page's authors
-- blacklisted the viewer, as safety/public.ts's fragments read them).
create function feed_marks(viewer bigint, page bigint[], writers bigint[], lowest bigint) returns json
language plpgsql stable as $$
begin
  return json_build_object(
    'liked', array(select pl.post_id::text from post_likes pl where pl.user_id = viewer and pl.post_id = any(page)),
    'favourited', array(select pf.post_id::text from post_favourites pf where pf.user_id = viewer and pf.post_id = any(page)),
    -- This moment's like and favourite counts: a reader who just liked sees their like counted.
    'counts', (select json_object_agg(p.id::text, json_build_array(p.like_count, p.favourite_count)) from posts p where p.id = any(page)),
    'own', exists (select 1 from user_blocks own_list where own_list.user_id = viewer)
      or exists (select 1 from user_blocks shut_out where shut_out.target_id = viewer and shut_out.user_id = any(writers) and shut_out.kind = 'blacklist')
      or exists (select 1 from posts mine where mine.author_id = viewer and mine.id >= lowest and mine.deleted_at is null));
end $$;

-- A reader's likes among a post's first comments and replies, and whether the page read for
-- nobody would be wrong for them (community/first-comments.ts says when): someone on their lists,
-- the post's author blacklisted them, or they wrote on the post.
create function comment_marks(viewer bigint, post bigint, post_author bigint, page bigint[]) returns json
language plpgsql stable as $$
begin
  return json_build_object(
    'liked', array(select cl.comment_id::text from comment_likes cl where cl.user_id = viewer and cl.comment_id = any(page)),
    'own', exists (select 1 from user_blocks own_list where own_list.user_id = viewer)
      or exists (select 1 from user_blocks shut_out where shut_out.target_id = viewer and shut_out.user_id = post_author and shut_out.kind = 'blacklist')
      or exists (select 1 from comments mine where mine.post_id = post and mine.author_id = viewer and mine.deleted_at is null));
end $$;
