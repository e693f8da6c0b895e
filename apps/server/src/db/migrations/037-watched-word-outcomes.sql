-- What watched words did to a post or comment (apps/server/src/lib/watched-words).
--
-- `censored`: the text as others see it when a `censor` word matched (each matched character drawn
-- as ■), null when none did; its author reads `content`. Kept at write time rather than drawn at
-- each read, so that the feed, which reads pages of posts for many readers, pays nothing for it
-- (docs/moderation.md, "Censored words"). Rules changed later do not redraw texts already written.
--
-- `watched_words`: the words (as the admin wrote them) a post or its waiting edit met, which
-- moderators see beside it in the review queue.
alter table posts add column censored text;
alter table posts add column watched_words text[] not null default '{}';
alter table post_edits add column censored text;
alter table post_edits add column watched_words text[] not null default '{}';
alter table comments add column censored text;
