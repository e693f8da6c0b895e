import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@padhub/contracts';
import { anOrganisation, answerApi, renderPage } from '@/test-utils.tsx';
import { AuthorLine } from './author-line.tsx';
import { Avatar, displayName } from './avatar.tsx';

const mina: User = { id: '9', username: 'mina', nickname: 'Mina', avatar: null, state: 0 };

afterEach(() => vi.unstubAllGlobals());

describe('displayName', () => {
  it('prefers the nickname, then the username, then the label of a deregistered account', () => {
    expect(displayName(mina, 'Gone')).toBe('Mina');
    expect(displayName({ ...mina, nickname: '' }, 'Gone')).toBe('mina');
    expect(displayName({ ...mina, nickname: '', username: '' }, 'Gone')).toBe('Gone');
  });
});

describe('Avatar', () => {
  it('shows the person’s picture from the media storage, hidden from screen readers beside the name', async () => {
    answerApi({ 'GET /organisation': anOrganisation });
    const { container } = await renderPage(<Avatar user={{ ...mina, avatar: 'avatars/9.png' }} size={48} />);
    const avatar = container.querySelector('.avatar');
    expect(avatar?.getAttribute('aria-hidden')).toBe('true');
    await waitFor(() => expect(avatar?.querySelector('img')?.getAttribute('src')).toBe('https://media.padhub.test/avatars/9.png'));
    expect(avatar?.querySelector('img')?.getAttribute('width')).toBe('48');
  });

  it('shows the first letter of the name when there is no picture', async () => {
    answerApi({});
    const { container } = await renderPage(<Avatar user={{ ...mina, nickname: 'édith' }} />);
    expect(container.querySelector('.avatar')?.textContent).toBe('É');
  });
});

describe('AuthorLine', () => {
  it('names the author and says when they wrote, with the exact time in the markup', async () => {
    answerApi({});
    const createdAt = new Date(Date.now() - 5_000).toISOString();
    await renderPage(<AuthorLine user={mina} createdAt={createdAt} extra={<button type="button">More</button>} />);
    expect(screen.getByText('Mina')).toBeTruthy();
    expect(screen.getByText('just now').getAttribute('datetime')).toBe(createdAt);
    expect(screen.getByRole('button', { name: 'More' })).toBeTruthy();
  });

  it('opens the author’s profile from the picture or the name: one link, named by the name', async () => {
    answerApi({});
    const { location } = await renderPage(<AuthorLine user={mina} createdAt={new Date().toISOString()} />);
    const link = screen.getByRole('link', { name: 'Mina' });
    expect(link.querySelector('.avatar')).toBeTruthy();
    fireEvent.click(link);
    expect(location()).toBe('/user/profile?id=9');
  });

  it('names a deregistered author as such', async () => {
    answerApi({});
    await renderPage(<AuthorLine user={{ ...mina, nickname: '', username: '' }} createdAt={new Date().toISOString()} />);
    expect(screen.getByText('Deregistered user')).toBeTruthy();
  });
});
