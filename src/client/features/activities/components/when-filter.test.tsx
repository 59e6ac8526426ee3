import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { todayInParis } from '../../../../domain/dates';
import { renderWithProviders } from '../../../test/render';
import { WhenFilter } from './when-filter';

/** The When buttons (docs/when.md#in-the-guide). */
describe('WhenFilter', () => {
  it('"Kies een datum" after a word such as tomorrow starts from today, as a date', async () => {
    const onChange = vi.fn();
    renderWithProviders(<WhenFilter when="tomorrow" openNow={false} onChange={onChange} />);
    await userEvent.click(screen.getByRole('button', { name: 'Kies een datum' }));
    expect(onChange).toHaveBeenCalledWith({ when: todayInParis(new Date()), openNow: false });
  });

  it('"Kies een datum" keeps a date already chosen', async () => {
    const onChange = vi.fn();
    renderWithProviders(<WhenFilter when="2027-07-14" openNow onChange={onChange} />);
    expect(screen.getByRole('button', { name: 'Kies een datum' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Kies een datum' }));
    expect(onChange).toHaveBeenCalledWith({ when: '2027-07-14', openNow: true });
  });
});
