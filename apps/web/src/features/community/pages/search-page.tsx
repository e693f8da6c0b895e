import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type SearchSort, listOrder, searchCandidates, searchSortSchema } from '@padhub/contracts';
import { ApiError } from '@/platform/api/client.ts';
import { errorText } from '@/platform/i18n.ts';
import { clearRecentSearches, readRecentSearches, rememberSearch } from '@/platform/recent-searches.ts';
import { Page } from '@/ui/page.tsx';
import { PullList } from '@/ui/pull-list.tsx';
import { useFeed } from '@/features/community/api/get-feed.ts';
import { PostCard } from '@/entities/post/post-card.tsx';
import { LanguageSwitch, useAllLanguages } from '@/features/community/components/language-switch.tsx';
import './search-page.css';

/** Finds posts by words in their text, in any of the four languages; recent searches stay on the device. */
export function SearchPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  // Best match first unless the address says another order (one tap below, kept in the address).
  const sort = listOrder(searchSortSchema.safeParse(params.get('sort')).data, true);
  const [draft, setDraft] = useState(q);
  const [recent, setRecent] = useState(readRecentSearches);
  const [allLanguages, setAllLanguages] = useAllLanguages();
  const results = useFeed({ sort, q, lang: allLanguages ? 'all' : undefined }, q.length > 0);
  // Said by the server when more posts match than a search by relevance ranks.
  const cut = results.data?.pages[0]?.cut === true;
  const sorts: [SearchSort, string][] = [
    ['relevance', t('community.search.sortRelevance')],
    ['new', t('community.search.sortNew')],
    ['popular', t('community.search.sortPopular')],
  ];
  const withSort = (value: string, next: SearchSort): Record<string, string> => (next === 'relevance' ? { q: value } : { q: value, sort: next });
  // Said by the server on a search's first page in one language: what "All languages" would add.
  const otherLanguages = results.data?.pages[0]?.otherLanguages ?? 0;

  const search = (query: string) => {
    const value = query.trim();
    setDraft(value);
    if (!value) return;
    setRecent(rememberSearch(value));
    setParams(withSort(value, sort), { replace: true });
  };

  return (
    <Page title={t('pages.search')}>
      <form
        className="search-form"
        role="search"
        onSubmit={(event: FormEvent) => {
          event.preventDefault();
          search(draft);
        }}
      >
        <input
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t('community.search.placeholder')}
          aria-label={t('community.search.label')}
          enterKeyHint="search"
          maxLength={100}
        />
        <button type="submit" className="tap search-submit">
          {t('community.search.submit')}
        </button>
      </form>
      <div className="search-languages">
        <LanguageSwitch on={allLanguages} onChange={setAllLanguages} />
      </div>
      {q && (
        <div className="search-sorts" role="group" aria-label={t('community.search.sortLabel')}>
          {sorts.map(([value, label]) => (
            <button key={value} type="button" className="tap search-sort" aria-pressed={sort === value} onClick={() => setParams(withSort(q, value), { replace: true })}>
              {label}
            </button>
          ))}
        </div>
      )}
      {q && cut && (
        <p className="search-cut" role="note">
          {/* Best match ranks the newest matches only; any order may answer with what it found in time (docs/search.md, "A bounded third pass"). */}
          {sort === 'relevance' ? t('community.search.cut', { count: searchCandidates }) : t('community.search.cutInTime')}
        </p>
      )}
      {q ? (
        <PullList
          skeleton="post"
          query={results}
          label={t('pages.search')}
          itemKey={(p) => p.id}
          renderItem={(p) => <PostCard post={p} highlight={q} />}
          empty={t('community.search.noResults', { q })}
          // "Search is busy" says to try again in a moment, which "request failed" does not.
          describeError={(error) => (error instanceof ApiError && error.is('search_busy') ? errorText('search_busy') : undefined)}
          emptyAction={
            !allLanguages && otherLanguages > 0 ? (
              <p className="search-other-languages">
                {t('community.search.otherLanguages', { count: otherLanguages })}{' '}
                <button type="button" className="tap" onClick={() => setAllLanguages(true)}>
                  {t('community.search.showOther')}
                </button>
              </p>
            ) : undefined
          }
        />
      ) : recent.length === 0 ? (
        // Before the first search, say what can be found rather than show an empty page.
        <p className="search-hint">{t('community.search.hint')}</p>
      ) : (
        <section className="search-recent" aria-labelledby="recent-heading">
          <div className="search-recent-head">
            <h2 id="recent-heading">{t('community.search.recent')}</h2>
            <button
              type="button"
              className="tap"
              onClick={() => {
                clearRecentSearches();
                setRecent([]);
              }}
            >
              {t('community.search.clearRecent')}
            </button>
          </div>
          <ul>
            {recent.map((item) => (
              <li key={item}>
                <button type="button" className="chip" onClick={() => search(item)}>
                  {item}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
    </Page>
  );
}
