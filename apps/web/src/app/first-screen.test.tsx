import { QueryClientProvider } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { type ReactNode, Suspense } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FirstScreen, type Media, drawnFrame, firstScreen, organisationSchema } from '@padhub/contracts';
import { useSession } from '@/platform/session.ts';
import { organisationQuery } from '@/platform/organisation.ts';
import { PostCard } from '@/entities/post/post-card.tsx';
import { anOrganisation, aPost, loadStrings, testQueryClient } from '@/test-utils.tsx';
import { reportMismatch, serverMarkupFits } from './first-screen.ts';

const frame = { lang: 'en', statusBarHeight: 30, allLanguages: false, theme: 'system' } as const;
const island = { orgId: 'padhub', lang: 'en', organisation: organisationSchema.parse(anOrganisation), feed: null, allLanguages: false, post: null, categories: null, goods: null } satisfies FirstScreen;

/** A root as the server sends it: its markup, drawn for `drawn`, and the island beside it. */
function servedRoot(drawn: string) {
  document.body.innerHTML = `<div id="root" data-frame="${drawn}"><p>drawn</p></div><script type="application/json" id="${firstScreen.islandId}">${JSON.stringify(island)}</script>`;
  return document.getElementById('root')!;
}

beforeEach(() => useSession.setState({ orgId: 'padhub', lang: 'en', requestLang: null, statusBarHeight: 30, allLanguages: false, token: null, user: null }));
afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('the server’s markup is taken over only when it is this page’s first render', () => {
  it('when drawn for this organisation, language, height and feed, signed out as the page starts', () => {
    expect(serverMarkupFits(servedRoot(drawnFrame(frame, false)))).toBe(true);
  });

  it('not when "All languages" differs, nor the sign-in, the language or the status bar', () => {
    expect(serverMarkupFits(servedRoot(drawnFrame({ ...frame, allLanguages: true }, false)))).toBe(false);
    expect(serverMarkupFits(servedRoot(drawnFrame(frame, true)))).toBe(false);
    expect(serverMarkupFits(servedRoot(drawnFrame({ ...frame, lang: 'cn' }, false)))).toBe(false);
    expect(serverMarkupFits(servedRoot(drawnFrame({ ...frame, statusBarHeight: 44 }, false)))).toBe(false);
    useSession.setState({ allLanguages: true, token: 'a-token' });
    expect(serverMarkupFits(servedRoot(drawnFrame({ ...frame, allLanguages: true }, true)))).toBe(true);
  });

  it('not for another organisation’s or content language’s island, nor without markup', () => {
    useSession.setState({ requestLang: 'ko' });
    expect(serverMarkupFits(servedRoot(drawnFrame(frame, false)))).toBe(false);
    useSession.setState({ requestLang: null, orgId: 'padhub-other' });
    expect(serverMarkupFits(servedRoot(drawnFrame(frame, false)))).toBe(false);
    useSession.setState({ orgId: 'padhub' });
    const empty = servedRoot(drawnFrame(frame, false));
    empty.replaceChildren();
    expect(serverMarkupFits(empty)).toBe(false);
  });
});

describe('a part of the markup that is not the first render', () => {
  const picture = (name: string): Media => ({ path: `u/padhub/9/${name}.jpg`, kind: 'image', thumb: `u/padhub/9/${name}.w480.webp`, width: 400, height: 300 });

  function Card({ content, media, children }: { content: string; media: Media[]; children?: ReactNode }) {
    const client = testQueryClient();
    client.setQueryData(organisationQuery('padhub').queryKey, anOrganisation);
    return (
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <p id="outside">outside the card</p>
          <Suspense>
            <PostCard post={aPost({ content, media })} first />
          </Suspense>
          {children}
        </MemoryRouter>
      </QueryClientProvider>
    );
  }

  it('is said through onRecoverableError and drawn again from the page’s own data, never kept', async () => {
    await loadStrings();
    const root = document.createElement('div');
    document.body.append(root);
    // Made on purpose: the server drew one post, the page's first render is another.
    root.innerHTML = renderToString(<Card content="The server's post" media={[picture('server-1'), picture('server-2')]} />);
    const outside = root.querySelector('#outside');
    const said = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(async () => {
      hydrateRoot(root, <Card content="The page's post" media={[picture('page-1'), picture('page-2'), picture('page-3')]} />, { onRecoverableError: reportMismatch });
    });
    expect(said).toHaveBeenCalledWith(expect.stringMatching(/markup differed/), expect.anything(), expect.any(String));
    // The card is the page's, picture included; what was outside the card's boundary was kept.
    expect(root.querySelector('.post-card-excerpt')?.textContent).toBe("The page's post");
    expect(root.querySelector('.media-thumb img')?.getAttribute('src')).toBe('https://media.padhub.test/u/padhub/9/page-1.w480.webp');
    expect([...root.querySelectorAll('.media-thumb img')].map((img) => img.getAttribute('alt'))).toEqual(['Image 1 of 3', 'Image 2 of 3', 'Image 3 of 3']);
    expect(root.querySelector('#outside')).toBe(outside);
  });
});
