import { describe, expect, it } from 'vitest';
import type { Activity } from '../../domain/activities';
import { langOf } from './text-language';

const shown = {
  languages: { name: 'en', description: 'nl', location: 'es', openingHours: null, marketDays: null },
} satisfies Pick<Activity, 'languages'>;

describe('langOf (docs/product.md#activity-text-in-five-languages)', () => {
  it("names a field's language when it is not the page's", () => {
    expect(langOf(shown, 'name', 'es')).toBe('en');
    expect(langOf(shown, 'description', 'es')).toBe('nl');
  });

  it("leaves a field in the page's language, or without text, unmarked", () => {
    expect(langOf(shown, 'location', 'es')).toBeUndefined();
    expect(langOf(shown, 'openingHours', 'es')).toBeUndefined();
  });

  it('marks nothing in an answer kept from before the API named the languages', () => {
    expect(langOf({}, 'name', 'es')).toBeUndefined();
  });
});
