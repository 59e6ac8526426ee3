import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { authKeys, useSessionUser } from '../features/auth/api/auth-user';

function Who() {
  const user = useSessionUser();
  return <p>{user === undefined ? 'unknown' : user === null ? 'visitor' : user.email}</p>;
}

const clientWith = () =>
  new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } } });

// React's own act(), as Testing Library's render does for its renders; put back for the next file of
// this worker (vitest.config.ts: the client's files share one document), which may render outside act().
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
beforeAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
});
afterEach(() => document.body.replaceChildren());

describe('hydrating what the server does not know (docs/rendering.md#hydration)', () => {
  it('shows the session as the server rendered it while hydrating, even when its answer came first', async () => {
    // The server never asks for the session: it renders "unknown".
    const html = renderToString(
      <QueryClientProvider client={clientWith()}>
        <Who />
      </QueryClientProvider>,
    );
    expect(html).toContain('unknown');

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    // In the browser the answer is already in (a part hydrated late): "not logged in".
    const browser = clientWith();
    browser.setQueryData(authKeys.user(), null);
    const mismatches: unknown[] = [];
    let root: Root | undefined;
    await act(async () => {
      root = hydrateRoot(
        container,
        <QueryClientProvider client={browser}>
          <Who />
        </QueryClientProvider>,
        { onRecoverableError: (error) => mismatches.push(error) },
      );
    });
    expect(mismatches).toEqual([]);
    // Once hydrated, the answer shows.
    expect(container.textContent).toBe('visitor');
    // Test files share one document (vitest.config.ts): nothing stays mounted for the next.
    act(() => root?.unmount());
    container.remove();
  });
});
