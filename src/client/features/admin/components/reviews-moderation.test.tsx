import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminReview } from '../../../../domain/reviews';
import { pagedFetch, renderWithProviders } from '../../../test/render';
import { ReviewsModeration } from './reviews-moderation';

afterEach(() => vi.unstubAllGlobals());

const review = (id: number, overrides: Partial<AdminReview> = {}): AdminReview => ({
  id,
  activityId: 3,
  activityName: 'Rafting op de Aude',
  authorName: 'Marie D.',
  authorEmail: 'marie@example.com',
  byAccount: false,
  isAnonymous: false,
  rating: 4,
  title: null,
  comment: 'Prachtige dag op het water.',
  status: 'pending',
  isApproved: false,
  moderationReason: null,
  moderatedAt: null,
  verifiedBooking: true,
  formerGuest: false,
  createdAt: '2026-07-01T10:00:00.000Z',
  ...overrides,
});

describe('review moderation', () => {
  it('names the author, and a review kept after its author’s erasure "former guest" (docs/privacy.md)', async () => {
    const kept = review(2, { authorName: null, authorEmail: null, formerGuest: true, comment: 'Goed georganiseerd.' });
    vi.stubGlobal('fetch', pagedFetch('/api/admin/reviews', () => [review(1), kept]).fetchMock);
    renderWithProviders(<ReviewsModeration />);
    const named = await screen.findByRole('article', { name: /^Review van Marie D\./ });
    expect(named).toHaveTextContent('Marie D. · marie@example.com · gast');
    const erased = screen.getByRole('article', { name: /^Review van Voormalige gast/ });
    expect(within(erased).getByText('Voormalige gast')).toBeVisible();
    expect(erased).not.toHaveTextContent('Zonder naam');
    expect(within(erased).getByRole('button', { name: 'Keur de review van Voormalige gast goed' })).toBeVisible();
  });
});
