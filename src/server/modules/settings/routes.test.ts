import { describe, expect, it } from 'vitest';
import type { ClientConfig } from '../../../domain/weather-schemas.js';
import { getJson } from '../../test/http.js';
import { useTestApp } from '../../test/test-app.js';

const ctx = useTestApp();

describe('GET /api/config', () => {
  it('tells the client the map tile URL and attribution', async () => {
    const res = await getJson<ClientConfig>(ctx.app, '/api/config');
    expect(res.body.mapTileUrl).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(res.body.mapAttribution).toContain('OpenStreetMap');
  });

  it('leaves the contact out until it is configured', async () => {
    expect((await getJson<ClientConfig>(ctx.app, '/api/config')).body.contact).toEqual({ email: null, phone: null });
  });

  it('tells the client which logins exist: here the demo portal of a local run, no identity provider', async () => {
    expect((await getJson<ClientConfig>(ctx.app, '/api/config')).body.logins).toEqual({
      demo: true,
      identityProvider: false,
    });
  });

  describe('with the demo logins off', () => {
    const off = useTestApp(() => ({ env: { DEMO_LOGIN: 'false' } }));
    it('says so, so the portal does not offer buttons that fail', async () => {
      expect((await getJson<ClientConfig>(off.app, '/api/config')).body.logins).toEqual({
        demo: false,
        identityProvider: false,
      });
    });
  });

  describe('with a contact configured', () => {
    const withContact = useTestApp(() => ({
      env: { CONTACT_EMAIL: 'team@example.org', CONTACT_PHONE: '+33 4 68 00 11 22' },
    }));
    it('tells the client the e-mail address and phone number', async () => {
      expect((await getJson<ClientConfig>(withContact.app, '/api/config')).body.contact).toEqual({
        email: 'team@example.org',
        phone: '+33 4 68 00 11 22',
      });
    });
  });
});
