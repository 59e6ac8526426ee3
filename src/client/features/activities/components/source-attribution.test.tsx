import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ActivitySource, TextLanguages } from '../../../../domain/activities';
import { renderWithProviders } from '../../../test/render';
import { MachineTranslatedNote, PhotoCredits, SourceAttribution } from './source-attribution';

const source: ActivitySource = {
  name: 'DATAtourisme',
  creator: 'Office de test <b>& co</b>',
  publisher: 'Agence de test',
  updatedAt: '2026-10-01',
  photoCredits: 'Studio Test',
  photoLicence: 'CC BY 4.0',
  machineTranslated: [
    { language: 'en', field: 'description' },
    { language: 'de', field: 'name' },
  ],
};

describe('the source of an imported activity (docs/datatourisme.md#attribution)', () => {
  it('names its author, DATAtourisme and the day it was updated, in Dutch, with both links', () => {
    renderWithProviders(<SourceAttribution source={source} />, { lng: 'nl' });
    const line = screen.getByText(/^Bron:/);
    expect(line.textContent).toBe(
      'Bron: Office de test <b>& co</b>, via DATAtourisme (opent in een nieuw tabblad), bijgewerkt 1 oktober 2026. ' +
        'Licentie: Licence Ouverte / Etalab 2.0 (opent in een nieuw tabblad).',
    );
    expect(screen.getByRole('link', { name: /^DATAtourisme/ })).toHaveAttribute('href', 'https://www.datatourisme.fr');
    expect(screen.getByRole('link', { name: /^Licence Ouverte \/ Etalab 2\.0/ })).toHaveAttribute(
      'href',
      'https://www.etalab.gouv.fr/licence-ouverte-open-licence',
    );
  });

  it('in German, without an author: DATAtourisme alone', () => {
    renderWithProviders(<SourceAttribution source={{ ...source, creator: null }} />, { lng: 'de' });
    expect(screen.getByText(/^Quelle:/).textContent).toMatch(
      /^Quelle: DATAtourisme \(.+\), aktualisiert am 1\. Oktober 2026\. Lizenz: Licence Ouverte \/ Etalab 2\.0/,
    );
  });

  it('says nothing of a day the source does not give', () => {
    renderWithProviders(<SourceAttribution source={{ ...source, updatedAt: null }} />, { lng: 'en' });
    expect(screen.getByText(/^Source:/).textContent).toMatch(
      /^Source: Office de test <b>& co<\/b>, via DATAtourisme \(.+\)\. Licence:/,
    );
  });

  it('credits the photo with its licence, and shows nothing when the source gave neither', () => {
    const { unmount } = renderWithProviders(<PhotoCredits source={source} />, { lng: 'fr' });
    expect(screen.getByText('Photo : © Studio Test · CC BY 4.0')).toBeInTheDocument();
    unmount();
    const { container } = renderWithProviders(
      <PhotoCredits source={{ ...source, photoCredits: null, photoLicence: null }} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

describe('a text a translation service wrote', () => {
  const languages: TextLanguages = {
    name: 'fr',
    description: 'en',
    location: null,
    openingHours: null,
    marketDays: null,
  };

  it('is marked when it is shown in the language the service wrote it in', () => {
    renderWithProviders(<MachineTranslatedNote activity={{ languages, source }} field="description" />, { lng: 'es' });
    expect(screen.getByText('traducción automática')).toBeInTheDocument();
  });

  it('is not marked in another language, nor for a field written by people, nor for the guide’s own listings', () => {
    const { container } = renderWithProviders(
      <>
        <MachineTranslatedNote activity={{ languages, source }} field="name" />
        <MachineTranslatedNote
          activity={{ languages: { ...languages, description: 'de' }, source }}
          field="description"
        />
        <MachineTranslatedNote activity={{ languages, source: null }} field="description" />
        <MachineTranslatedNote activity={{ languages }} field="description" />
      </>,
      { lng: 'en' },
    );
    expect(container).toBeEmptyDOMElement();
  });
});
