import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PublicReview } from '../../../../domain/reviews';
import { pagedFetch, renderWithProviders } from '../../../test/render';
import { ReviewList } from './review-list';

afterEach(() => vi.unstubAllGlobals());

const reviews = (count: number): PublicReview[] =>
  Array.from({ length: count }, (_, i) => ({
    id: 100 - i,
    guestName: `Gast ${i + 1}`,
    rating: 4,
    title: null,
    comment: `Review nummer ${i + 1}`,
    verifiedBooking: false,
    formerGuest: false,
    createdAt: new Date(Date.UTC(2025, 5, 28 - i)).toISOString(),
  }));

describe("an activity's guestbook, a page at a time (docs/api.md#lists-in-pages)", () => {
  it('shows the newest five and how many there are; "Meer reviews" adds the next by keyboard and moves the focus to the first that came', async () => {
    let failures = 1;
    const { fetchMock, calls } = pagedFetch('/api/activities/7/reviews', () => reviews(7), {
      fail: (url) => url.searchParams.get('offset') === '5' && failures-- > 0,
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ReviewList activityId={7} />);
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Review nummer 1');
    expect(screen.getByRole('status')).toHaveTextContent('5 van 7 reviews getoond');

    // A page that does not come: said, the five stay, and the button stays (with the focus) to try again.
    screen.getByRole('button', { name: 'Meer reviews' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('Meer reviews konden niet worden opgehaald.');
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Meer reviews' }));

    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(7));
    const items = within(list).getAllByRole('listitem');
    expect(items[5]).toHaveTextContent('Review nummer 6');
    await vi.waitFor(() => expect(document.activeElement).toBe(items[5]));
    expect(screen.getByRole('status')).toHaveTextContent('7 van 7 reviews getoond');
    expect(screen.queryByRole('button', { name: 'Meer reviews' })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls.map((url) => url.search)).toEqual(['?limit=5&offset=0', '?limit=5&offset=5', '?limit=5&offset=5']);
  });

  it('shows a review once when one approved meanwhile pushes it onto the next page', async () => {
    let asked = 0;
    const newer = { ...reviews(1)[0], id: 101, comment: 'Net goedgekeurd' } as PublicReview;
    const { fetchMock } = pagedFetch('/api/activities/7/reviews', () =>
      asked++ === 0 ? reviews(7) : [newer, ...reviews(7)],
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<ReviewList activityId={7} />);
    const list = await screen.findByRole('list', { name: 'Reviews' });
    await userEvent.click(screen.getByRole('button', { name: 'Meer reviews' }));
    await vi.waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(7));
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(reviews(7).map((review) => expect.stringContaining(review.comment)));
  });

  it('says nothing of pages when every review fits on the first', async () => {
    vi.stubGlobal('fetch', pagedFetch('/api/activities/7/reviews', () => reviews(3)).fetchMock);
    renderWithProviders(<ReviewList activityId={7} />);
    const list = await screen.findByRole('list', { name: 'Reviews' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('in English too', async () => {
    vi.stubGlobal('fetch', pagedFetch('/api/activities/7/reviews', () => reviews(6)).fetchMock);
    renderWithProviders(<ReviewList activityId={7} />, { lng: 'en' });
    await screen.findByRole('list', { name: 'Reviews' });
    expect(screen.getByRole('status')).toHaveTextContent('5 of 6 reviews shown');
    expect(screen.getByRole('button', { name: 'More reviews' })).toBeVisible();
  });
});

describe('a review kept after its author deleted their account (docs/privacy.md#deleting-an-account)', () => {
  it.each([
    ['nl', 'Voormalige gast'],
    ['en', 'Former guest'],
  ])('shows "former guest" in %s, with no name', async (lng, label) => {
    const kept = {
      ...reviews(1)[0],
      id: 200,
      guestName: null,
      formerGuest: true,
      comment: 'Mooie tocht',
    } as PublicReview;
    vi.stubGlobal('fetch', pagedFetch('/api/activities/7/reviews', () => [kept, ...reviews(1)]).fetchMock);
    renderWithProviders(<ReviewList activityId={7} />, { lng });
    const list = await screen.findByRole('list', { name: 'Reviews' });
    const [first, second] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent(label);
    expect(first).toHaveTextContent('Mooie tocht');
    expect(second).toHaveTextContent('Gast 1');
    expect(second).not.toHaveTextContent(label);
  });
});
