-- The language a moderator wrote a "not passed" reason in (their interface's), so the author, who
-- may read the app in another, sees it marked as such rather than as text of their own language.
-- Null for reasons written before this, and wherever the reason is null.
alter table posts add column review_reason_lang text;
alter table post_edits add column review_reason_lang text;
