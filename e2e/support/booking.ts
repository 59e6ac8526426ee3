import { expect, type Locator } from '@playwright/test';

/*
 * The booking dialog's calendar (docs/availability.md#what-the-guest-sees): a month at a time,
 * each day a button (`data-day`), bookable ones without aria-disabled.
 */

const MONTHS_AHEAD = 25;

/** Goes month by month to the month of `day` (YYYY-MM-DD), once loaded; answers its button. */
export async function showDay(dialog: Locator, day: string): Promise<Locator> {
  const grid = dialog.getByRole('grid');
  for (let i = 0; i < MONTHS_AHEAD; i++) {
    const button = grid.locator(`[data-day="${day}"]`);
    if ((await button.count()) > 0) {
      await expect(grid).toHaveAttribute('aria-busy', 'false');
      return button;
    }
    await dialog.getByRole('button', { name: 'Volgende maand', exact: true }).click();
  }
  throw new Error(`${day} is not in the calendar`);
}

/** Chooses `day` (YYYY-MM-DD), going month by month to it; fails when it cannot be booked. */
export async function chooseDay(dialog: Locator, day: string) {
  const button = await showDay(dialog, day);
  await expect(button).not.toHaveAttribute('aria-disabled');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
}

/**
 * Chooses the first bookable day the calendar offers (and its first time with places, when the
 * activity has times); answers the day.
 */
export async function chooseFirstBookableDay(dialog: Locator): Promise<string> {
  const grid = dialog.getByRole('grid');
  for (let i = 0; i < MONTHS_AHEAD; i++) {
    await expect(grid).toHaveAttribute('aria-busy', 'false');
    const open = grid.locator('[data-day]:not([aria-disabled])');
    if ((await open.count()) > 0) {
      const first = open.first();
      const day = (await first.getAttribute('data-day')) ?? '';
      await first.click();
      await expect(first).toHaveAttribute('aria-pressed', 'true');
      const times = dialog.getByRole('group', { name: 'Tijd (verplicht)' });
      if (await times.isVisible()) await chooseTime(times.getByRole('radio', { disabled: false }).first());
      return day;
    }
    await dialog.getByRole('button', { name: 'Volgende maand', exact: true }).click();
  }
  throw new Error('No bookable day in the calendar');
}

/** Chooses a time (a radio button drawn as its label, the way a person clicks it). */
export async function chooseTime(radio: Locator) {
  await radio.locator('xpath=ancestor::label').click();
  await expect(radio).toBeChecked();
}
