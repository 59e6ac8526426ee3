import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Activity } from '../../../../domain/activities';
import { renderWithProviders } from '../../../test/render';
import { ActivityCard } from './activity-card';
import { ActivityListItem } from './activity-list-item';

/** A market written in Dutch, shown to a Spanish visitor in English where it has English, else Dutch. */
const market: Activity = {
  id: 7,
  name: 'Farmers market',
  description: 'Local produce on the square.',
  language: 'en',
  languages: { name: 'en', description: 'en', location: 'nl', openingHours: null, marketDays: 'nl' },
  category: 'markten',
  location: 'Marktplein',
  address: null,
  city: 'Limoux',
  latitude: 43.05,
  longitude: 2.22,
  imageUrl: null,
  rating: 4,
  reviewCount: 2,
  distance: 0,
  price: null,
  openingHours: null,
  marketDays: 'Vrijdagochtend',
  eventStart: null,
  eventEnd: null,
  weeklyHours: [],
  contactPhone: null,
  contactEmail: null,
  website: null,
  bookingRequired: false,
  setting: null,
  isSponsored: false,
  sponsorLevel: 0,
  tags: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  status: { kind: 'market-today', opens: '07:00', closes: '12:30', phase: 'later' },
};

describe('an activity shown in another language than the page (docs/product.md#activity-text-in-five-languages)', () => {
  it.each([
    ['card', ActivityCard],
    ['list row', ActivityListItem],
  ])('the %s marks each text with its own language', (_kind, Component) => {
    renderWithProviders(<Component activity={market} />, { lng: 'es' });
    expect(screen.getByRole('heading', { name: 'Farmers market' })).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Local produce on the square.')).toHaveAttribute('lang', 'en');
    expect(screen.getByText('Vrijdagochtend')).toHaveAttribute('lang', 'nl');
  });

  it('marks nothing that is in the page language', () => {
    renderWithProviders(<ActivityListItem activity={market} />, { lng: 'en' });
    expect(screen.getByRole('heading', { name: 'Farmers market' })).not.toHaveAttribute('lang');
    expect(screen.getByText('Local produce on the square.')).not.toHaveAttribute('lang');
    expect(screen.getByText('Marktplein')).toHaveAttribute('lang', 'nl');
  });
});
