/**
 * The outside services of the end-to-end tests, on loopback (docs/outside-services.md):
 * Open-Meteo, Nominatim, an OpenID Connect provider, Stripe (whose pages
 * send their signed events to the payments app server) and an image bank for
 * the DATAtourisme import's photos. Started by playwright.config.ts before the
 * app servers.
 */
import { nominatimAnswer, openMeteoAnswer, startStandIn } from '../../src/server/test/stand-in.js';
import { startOidcStandIn } from '../../src/server/test/oidc-stand-in.js';
import { startPhotoStandIn } from '../../src/server/test/photo-stand-in.js';
import { startStripeStandIn } from '../../src/server/test/stripe-stand-in.js';
import { E2E } from './ports.js';

const meteo = await startStandIn(openMeteoAnswer, E2E.openMeteoPort);
const nominatim = await startStandIn(nominatimAnswer, E2E.nominatimPort);
const oidc = await startOidcStandIn({
  clientId: E2E.oidcClientId,
  clientSecret: E2E.oidcClientSecret,
  redirectUri: `${E2E.appUrl}/api/callback`,
  port: E2E.oidcPort,
});
const stripe = await startStripeStandIn({
  secretKey: E2E.stripeSecretKey,
  webhookSecret: E2E.stripeWebhookSecret,
  port: E2E.stripePort,
  webhookUrl: `${E2E.paymentsUrl}/api/stripe/webhook`,
});
const photos = await startPhotoStandIn({ port: E2E.photoPort });
console.info(
  `stand-ins: weather ${meteo.url}, geocoding ${nominatim.url}, identity provider ${oidc.issuer}, Stripe ${stripe.url}, photos ${photos.url}`,
);

const stop = async () => {
  await Promise.all([meteo.close(), nominatim.close(), oidc.close(), stripe.close(), photos.close()]);
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
