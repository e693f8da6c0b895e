-- The shop: goods of each organisation in ordered categories, texts per content language, and
-- variants that carry the prices (integers in the currency's minor unit) and the store links.

create table goods_categories (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  -- {"cn": "手柄", "en": "Controllers", ...}; the organisation's default language is always there.
  names jsonb not null,
  published boolean not null default true,
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index goods_categories_org_idx on goods_categories (org_id, position, id);

create table goods (
  id bigint generated always as identity primary key,
  org_id text not null references organisations (id),
  category_id bigint not null references goods_categories (id),
  -- One of the organisation's controller models, or null (accessories, parts).
  model text,
  -- Media items (path, thumb, preview, width, height), checked and rendered when they were attached.
  pictures jsonb not null default '[]',
  published boolean not null default false,
  -- The order inside its category; ties (never made by the service) fall back to the id.
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
-- The Mall reads published goods of one category (or all) in order, by keyset.
create index goods_list_idx on goods (org_id, category_id, position, id) where published;
create index goods_category_idx on goods (category_id, position, id);

create table goods_texts (
  goods_id bigint not null references goods (id) on delete cascade,
  lang text not null check (lang in ('cn', 'en', 'jp', 'ko')),
  name text not null check (length(btrim(name)) > 0),
  -- Sanitised HTML (the allow-list of shop/description.ts); sanitised again when read.
  description text not null default '',
  -- [{"label": "Weight", "value": "245 g"}, ...]
  specs jsonb not null default '[]',
  primary key (goods_id, lang)
);

create table goods_variants (
  id bigint generated always as identity primary key,
  goods_id bigint not null references goods (id) on delete cascade,
  org_id text not null references organisations (id),
  names jsonb not null,
  price integer not null check (price >= 0),
  old_price integer check (old_price is null or old_price > price),
  stock text not null check (stock in ('in_stock', 'sold_out', 'coming_soon')),
  store_url text not null check (store_url like 'https://%'),
  pictures jsonb not null default '[]',
  published boolean not null default true,
  position integer not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index goods_variants_goods_idx on goods_variants (goods_id, position, id);
