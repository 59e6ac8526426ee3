import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch, renderWithProviders } from '../../test/render';
import { Footer } from './footer';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the footer credits DATAtourisme and its licence on every page (docs/datatourisme.md#attribution)', () => {
  it.each([
    ['nl', 'Geïmporteerde activiteiten bevatten gegevens van DATAtourisme (opent in een nieuw tabblad), onder de'],
    ['fr', 'Les activités importées contiennent des données de DATAtourisme (s’ouvre dans un nouvel onglet), sous'],
  ])('in %s, with both links', (lng, line) => {
    vi.stubGlobal('fetch', fakeFetch({}).fetchMock);
    renderWithProviders(<Footer />, { lng });
    const credit = screen.getByText((_, element) => element?.tagName === 'P' && element.textContent.startsWith(line));
    expect(credit.textContent).toMatch(/Licence Ouverte \/ Etalab 2\.0/);
    expect(screen.getByRole('link', { name: /^DATAtourisme/ })).toHaveAttribute('href', 'https://www.datatourisme.fr');
    expect(screen.getByRole('link', { name: /^Licence Ouverte \/ Etalab 2\.0/ })).toHaveAttribute(
      'href',
      'https://www.etalab.gouv.fr/licence-ouverte-open-licence',
    );
  });
});
