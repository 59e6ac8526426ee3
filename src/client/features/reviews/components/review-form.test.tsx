import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReviewInvitation } from '../../../../domain/reviews';
import { renderWithProviders } from '../../../test/render';
import { ReviewForm } from './review-form';

afterEach(() => vi.unstubAllGlobals());

const INVITATION: ReviewInvitation = {
  bookingId: 12,
  activityId: 7,
  customerName: 'Ria de Boer',
  bookingDate: '2026-06-20',
  numberOfPeople: 2,
  reviewed: false,
  validUntil: '2026-08-19',
};

/** The API as the guestbook meets it: the invitation's answer, and the review's. */
function stubApi(invitation: { status: number; body: unknown }) {
  const sent: { url: URL; body: Record<string, unknown> }[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname === '/api/activities/7/review-invitation') return json(invitation.status, invitation.body);
    if (url.pathname === '/api/activities/7/reviews' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      sent.push({ url, body });
      return json(201, { id: 1, status: 'pending', verifiedBooking: Boolean(body.token) });
    }
    return json(404, { message: 'Not found', code: 'ROUTE_NOT_FOUND' });
  });
  return sent;
}

/** Five stars and a comment (typed at once: key by key is slow in jsdom, and the typing is not what is tested). */
async function fillIn() {
  await userEvent.click(screen.getByRole('radio', { name: '5 sterren' }));
  fireEvent.change(screen.getByLabelText('Je review'), { target: { value: 'Prachtige tocht.' } });
}

describe('the review form opened from a review invitation’s link (docs/product.md#reviews)', () => {
  it('says the review will be verified, fills in the booking’s name, asks no e-mail and sends the link’s token', async () => {
    const sent = stubApi({ status: 200, body: INVITATION });
    renderWithProviders(<ReviewForm activityId={7} loggedIn={false} token="12.abc" />);
    const form = await screen.findByRole('form', { name: 'Schrijf een review' });
    expect(form).toHaveTextContent('zaterdag 20 juni 2026');
    expect(form).toHaveTextContent('Geverifieerde boeking');
    expect(within(form).getByLabelText('Naam')).toHaveValue('Ria de Boer');
    expect(within(form).queryByLabelText('E-mail')).toBeNull();
    await fillIn();
    await userEvent.click(within(form).getByRole('button', { name: 'Review versturen' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Geverifieerde boeking');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toMatchObject({ token: '12.abc', guestName: 'Ria de Boer', guestEmail: null, rating: 5 });
  });

  it('says so when the booking has its review already, and shows no form', async () => {
    stubApi({ status: 200, body: { ...INVITATION, reviewed: true } });
    renderWithProviders(<ReviewForm activityId={7} loggedIn={false} token="12.abc" />);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Je boeking op zaterdag 20 juni 2026 heeft al een review.',
    );
    expect(screen.queryByRole('form')).toBeNull();
  });

  it('explains a link that is not valid, and offers the ordinary form without the token', async () => {
    const sent = stubApi({
      status: 410,
      body: { message: 'This review link has expired', code: 'REVIEW_LINK_EXPIRED' },
    });
    renderWithProviders(<ReviewForm activityId={7} loggedIn={false} token="12.abc" />);
    const form = await screen.findByRole('form', { name: 'Schrijf een review' });
    expect(await within(form).findByRole('status')).toHaveTextContent('Deze reviewlink is verlopen');
    expect(form).not.toHaveTextContent('Geverifieerde boeking');
    await fillIn();
    fireEvent.change(within(form).getByLabelText('Naam'), { target: { value: 'Ria' } });
    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'ria@example.com' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Review versturen' }));
    await screen.findByText(/Bedankt voor je review/);
    expect(sent[0]?.body).toMatchObject({ guestEmail: 'ria@example.com' });
    expect(sent[0]?.body).not.toHaveProperty('token');
  });
});

describe('a guest’s review, checked by the server’s own rules (docs/api.md#e-mail-addresses-and-phone-numbers)', () => {
  it('says name and e-mail are needed when the address is one the server refuses, and sends nothing', async () => {
    const sent = stubApi({ status: 404, body: { message: 'Not found', code: 'NOT_FOUND' } });
    renderWithProviders(<ReviewForm activityId={7} loggedIn={false} />);
    const form = await screen.findByRole('form', { name: 'Schrijf een review' });
    await fillIn();
    fireEvent.change(within(form).getByLabelText('Naam'), { target: { value: 'Ria' } });
    const email = within(form).getByLabelText('E-mail');
    fireEvent.change(email, { target: { value: 'ria@example.c' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Review versturen' }));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Vul je naam en email in om een review achter te laten.');
    expect(sent).toHaveLength(0);

    fireEvent.change(email, { target: { value: 'ria.de.boer+limoux@example.co.uk' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Review versturen' }));
    await screen.findByText(/Bedankt voor je review/);
    expect(sent[0]?.body).toMatchObject({ guestEmail: 'ria.de.boer+limoux@example.co.uk' });
  });
});
