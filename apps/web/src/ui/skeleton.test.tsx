import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadStrings } from '@/test-utils.tsx';
import { PullList, type PullListProps } from './pull-list.tsx';

beforeAll(loadStrings);

const pending = { isPending: true, isError: false, hasNextPage: false, isFetchingNextPage: false, isFetchNextPageError: false, fetchNextPage: () => undefined } as unknown as PullListProps<{ id: string }>['query'];

describe('PullList while its first page loads', () => {
  it('draws skeleton cards of the kind asked for, announced as loading the list', () => {
    const { container } = render(<PullList query={pending} label="Community" skeleton="post" itemKey={(i) => i.id} renderItem={(i) => i.id} />);
    expect(screen.getByRole('status', { name: 'Community' }).textContent).toContain('Loading');
    expect(container.querySelectorAll('.skeleton-post').length).toBeGreaterThanOrEqual(3);
  });

  it('draws plain cards when the list names no kind', () => {
    const { container } = render(<PullList query={pending} itemKey={(i: { id: string }) => i.id} renderItem={(i) => i.id} />);
    expect(container.querySelectorAll('.skeleton-card').length).toBeGreaterThan(0);
    expect(container.querySelector('.skeleton-avatar')).toBeNull();
  });
});
