import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProviderActivity } from '../../../../domain/provider-activities';
import { renderWithProviders } from '../../../test/render';
import { PhotoUpload } from './photo-upload';

afterEach(() => vi.unstubAllGlobals());

const activity = { id: 7, isApproved: true, imageUrl: null } as unknown as ProviderActivity;

describe('the photo upload (docs/provider-workspace.md#quota)', () => {
  it.each([
    ['nl', 'Kies een foto', "Uw account bewaart al het maximum van 200 foto's of 300 MB."],
    ['en', 'Choose a photo', 'Your account already keeps the most it may: 200 photos or 300 MB.'],
    ['fr', 'Choisir une photo', 'Votre compte conserve déjà le maximum permis : 200 photos ou 300 Mo.'],
    ['de', 'Foto auswählen', 'Ihr Konto speichert bereits das Höchstmaß: 200 Fotos oder 300 MB.'],
    ['es', 'Elegir una foto', 'Su cuenta ya guarda el máximo permitido: 200 fotos o 300 MB.'],
  ])('says in %s that the account keeps the most photos it may, with the numbers', async (lng, choose, text) => {
    const fetchMock = vi.fn(
      async () =>
        new Response(JSON.stringify({ message: 'quota', code: 'PHOTO_QUOTA_REACHED' }), {
          status: 409,
          headers: { 'Content-Type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<PhotoUpload activity={activity} />, { lng });
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'cave.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText(choose), file);
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
