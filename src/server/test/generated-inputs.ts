import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../domain/errors.js';
import { type AccessLevel, allows, type Principal as Caller } from '../../domain/policies.js';
import { buildApp } from '../app.js';
import { queryRows } from '../db/client.js';
import { providers, users } from '../db/schema/index.js';
import { DEMO_USERS, seedDemo } from '../db/seed/demo.js';
import { nominatim as nominatimGeocoder } from '../modules/geocode/nominatim.js';
import { createGeocodeService } from '../modules/geocode/service.js';
import { createUser } from './factories.js';
import {
  type GeneratedRequest,
  type OpenApiDocument,
  type OperationCase,
  operationsOf,
  requestArb,
  wellFormedRequestArb,
} from './openapi-inputs.js';
import { sameOrigin, sessionCookieFor } from './sessions.js';
import { nominatimAnswer, openMeteoAnswer, startStandIn } from './stand-in.js';
import { startStripeStandIn } from './stripe-stand-in.js';
import { testConfig } from './test-app.js';
import { createTestDatabase } from './test-db.js';

/**
 * Bad input, generated (docs/testing.md#generated-inputs): for every operation of the app's
 * OpenAPI document, GENERATED_RUNS requests drawn from its schemas (mostly well-formed, often
 * not), each sent as one of the principals below. Whatever arrives: never a 5xx, a 4xx says
 * what was wrong in the API's error shape, and a request that was not accepted wrote no row.
 */
/** Requests per operation: read when the tests are registered, as each project sets its own. */
const runs = () => Number(process.env.GENERATED_RUNS ?? 1000);

const PRINCIPALS = ['anonymous', 'visitor', 'pendingProvider', 'provider', 'admin', 'newUser'] as const;
type Principal = (typeof PRINCIPALS)[number];
/** Who each principal is to the access levels of docs/permissions.md (the demo's accounts, and a user who has not chosen a role). */
const CALLERS: Record<Principal, Caller | null> = {
  anonymous: null,
  visitor: { id: 'visitor', role: 'visitor', isApproved: false, roleChosen: true },
  pendingProvider: { id: 'pendingProvider', role: 'provider', isApproved: false, roleChosen: true },
  provider: { id: 'provider', role: 'provider', isApproved: true, roleChosen: true },
  admin: { id: 'admin', role: 'admin', isApproved: true, roleChosen: true },
  newUser: { id: 'newUser', role: 'visitor', isApproved: false, roleChosen: false },
};

/** Operations that end or replace the caller's session: each of their requests comes with a session made for it. */
const FRESH_SESSION = new Set(['POST /api/logout', 'POST /api/demo/login/{account}']);
/**
 * Operations that change who the caller is (choose a role) or count per user: each of their requests
 * comes from a user made for it, so the other principals keep who they are and stay under their limits.
 */
const FRESH_USER = new Set([
  'POST /api/auth/role',
  // A well-formed request deletes the caller's account (docs/privacy.md#deleting-an-account).
  'DELETE /api/me',
  'POST /api/provider/application',
  'POST /api/tags',
  'POST /api/activities/{id}/tags',
]);

/** Bookkeeping that a refused request may legitimately touch: its session, its rate-limit counter. */
const NOT_COUNTED = new Set(['sessions', 'rate_limits', 'test_write_log']);

/**
 * Registers the generated-input tests of one shard of the operations: the shards run as separate
 * test files, each with its own app and database, so that Vitest's workers share the work.
 */
export async function generatedInputTests(shard: number, shards: number): Promise<void> {
  const RUNS = runs();
  const STRIPE = { STRIPE_SECRET_KEY: 'sk_test_generated', STRIPE_WEBHOOK_SECRET: 'whsec_generated' };
  const meteo = await startStandIn(openMeteoAnswer);
  const nominatim = await startStandIn(nominatimAnswer);
  const stripe = await startStripeStandIn({
    secretKey: STRIPE.STRIPE_SECRET_KEY,
    webhookSecret: STRIPE.STRIPE_WEBHOOK_SECRET,
  });
  const database = await createTestDatabase();
  await seedDemo(database.db, new Date(), { accounts: true });
  const config = testConfig({
    OPEN_METEO_URL: meteo.url,
    NOMINATIM_URL: nominatim.url,
    ...STRIPE,
    STRIPE_API_URL: stripe.url,
  });
  const app = await buildApp({
    config,
    database,
    // Every write here goes through the app, which waits for the read model before it answers:
    // reads need no extra round trip to the database to see them.
    consistentReads: false,
    // Nominatim's one-a-second pacing is tested with the geocoder; here it would only make the run wait.
    geocoder: createGeocodeService(nominatimGeocoder(config.outside), { intervalMs: 0 }),
  });
  await app.ready();
  const document = (await app.inject({ url: '/api/openapi.json' })).json<OpenApiDocument>();
  let writtenSoFar = 0;
  const cookies = {} as Record<Principal, string | undefined>;
  const userIds = {} as Record<Principal, string | undefined>;
  let throwawayUserIds: string[] = [];

  async function makePrincipal(kind: Principal): Promise<string | undefined> {
    const db = database.db;
    if (kind === 'anonymous') return undefined;
    const chosen = new Date();
    const role = kind === 'newUser' ? undefined : kind === 'pendingProvider' ? 'provider' : kind;
    const user = await createUser(db, {
      ...(role ? { role } : {}),
      isApproved: kind === 'provider' || kind === 'admin',
      roleChosenAt: kind === 'newUser' ? null : chosen,
    });
    if (kind === 'provider' || kind === 'pendingProvider') {
      await db.insert(providers).values({
        userId: user.id,
        name: 'Generated',
        email: user.email ?? `${user.id}@example.com`,
        isApproved: kind === 'provider',
        status: kind === 'provider' ? 'approved' : 'pending',
      });
    }
    return sessionCookieFor(db, user.id);
  }

  /**
   * Every row written to any table, logged by a trigger inside the writing transaction (so a
   * write that is rolled back leaves no trace); a mail job marked sent later is not a new row.
   */
  async function installWriteCounter() {
    const db = database.db;
    await db.execute(sql.raw('create table test_write_log (id bigserial primary key, name text, operation text)'));
    await db.execute(
      sql.raw(
        'create function test_log_write() returns trigger language plpgsql as $$ begin insert into test_write_log (name, operation) values (TG_TABLE_NAME, TG_OP); return null; end $$',
      ),
    );
    const tables = await queryRows<{ name: string }>(
      db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    for (const { name } of tables) {
      if (NOT_COUNTED.has(name)) continue;
      const events = name === 'outbox' ? 'insert or delete' : 'insert or update or delete';
      await db.execute(
        sql.raw(
          `create trigger test_log_write after ${events} on "${name}" for each row execute function test_log_write()`,
        ),
      );
    }
    expect(tables.length).toBeGreaterThan(15);
  }

  /** The last write logged: a request that leaves it unchanged wrote nothing. */
  async function writes(): Promise<number> {
    const [row] = await queryRows<{ n: string | number }>(
      database.db,
      sql`select coalesce(max(id), 0) as n from test_write_log`,
    );
    return Number(row?.n);
  }

  async function writesSince(id: number): Promise<string> {
    const rows = await queryRows<{ name: string; operation: string }>(
      database.db,
      sql`select name, operation from test_write_log where id > ${id} order by id`,
    );
    return rows.map((r) => `${r.operation} ${r.name}`).join(', ');
  }

  // Set up while the file is collected (above): the operations to test come from the running app's document.
  await installWriteCounter();

  // The demo's own accounts: the provider runs activities with bookings, the visitor has favourites and bookings.
  const byEmail = async (email: string) => {
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no demo user ${email}`);
    return row.id;
  };
  userIds.visitor = await byEmail(DEMO_USERS.visitor.email);
  userIds.pendingProvider = await byEmail(DEMO_USERS.pendingProvider.email);
  userIds.provider = await byEmail(DEMO_USERS.provider.email);
  userIds.admin = await byEmail(DEMO_USERS.admin.email);
  userIds.newUser = (await createUser(database.db, { roleChosenAt: null })).id;
  for (const principal of PRINCIPALS) {
    const userId = userIds[principal];
    cookies[principal] = userId ? await sessionCookieFor(database.db, userId) : undefined;
  }
  throwawayUserIds = await Promise.all(
    [1, 2, 3].map(async () => (await createUser(database.db, { role: 'visitor', roleChosenAt: new Date() })).id),
  );
  writtenSoFar = await writes();
  const ALL_OPERATIONS = operationsOf(document);
  // This shard's share of the operations: every `shards`-th one, starting at `shard`.
  const OPERATIONS = ALL_OPERATIONS.filter((_, index) => index % shards === shard);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await meteo?.close();
    await nominatim?.close();
    await stripe?.close();
  });

  let addressCounter = 0;
  /** Each request from its own address, so that the per-address rate limits leave the rules behind them to answer. */
  function nextAddress() {
    addressCounter += 1;
    return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
  }

  function describeRequest(key: string, principal: Principal, request: GeneratedRequest) {
    return `${key} as ${principal}: ${request.url}\nheaders ${JSON.stringify(request.headers)}\nbody ${JSON.stringify(request.payload)?.slice(0, 500)}`;
  }

  async function check(operation: OperationCase, key: string, principal: Principal, request: GeneratedRequest) {
    let cookie = cookies[principal];
    const userId = userIds[principal];
    if (FRESH_USER.has(key)) cookie = await makePrincipal(principal);
    else if (FRESH_SESSION.has(key) && userId) cookie = await sessionCookieFor(database.db, userId);
    if (cookie !== cookies[principal]) writtenSoFar = await writes();
    const res = await app.inject({
      method: operation.method as 'GET',
      url: request.url,
      headers: { ...request.headers, ...(cookie ? { cookie } : {}) },
      ...(request.payload !== undefined ? { payload: request.payload } : {}),
      remoteAddress: nextAddress(),
    });
    const context = () => `${describeRequest(key, principal, request)}\n→ ${res.statusCode} ${res.body.slice(0, 300)}`;
    if (res.statusCode >= 500) throw new Error(`a server error:\n${context()}`);
    let code: string | undefined;
    if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('application/json')) {
      const body = res.json<{ code?: string; message?: string }>();
      code = body.code;
      if (!ERROR_CODES.includes(body.code as never) || !body.message) {
        throw new Error(`an error without the API's code and message:\n${context()}`);
      }
    }
    // One count per request: what the last accepted request left is the baseline of the next.
    const written = await writes();
    if (res.statusCode >= 300 && written !== writtenSoFar) {
      throw new Error(`a refused request wrote (${await writesSince(writtenSoFar)}):\n${context()}`);
    }
    writtenSoFar = written;
    return { status: res.statusCode, code };
  }

  describe('generated inputs, from the OpenAPI document', () => {
    it('covers every route of the app in the document', () => {
      const operations = ALL_OPERATIONS;
      expect(operations.length).toBeGreaterThan(50);
      // Every route of the app under /api is in the document, except the document itself and its pages.
      const routes = app.routeTable
        .filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.url !== '/api/openapi.json')
        .map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
      const documented = operations.map((o) => `${o.method} ${o.path}`);
      expect(routes.filter((r) => !documented.includes(r))).toEqual([]);
    });

    it('has a session for every principal but the anonymous one', () => {
      expect(PRINCIPALS.filter((p) => cookies[p])).toEqual(PRINCIPALS.filter((p) => p !== 'anonymous'));
    });
  });

  /** Answers that stop a request before the operation's own rules: the schema, the session, the role, the origin. */
  const FIRST_CHECKS = new Set([
    'BAD_REQUEST',
    'VALIDATION_FAILED',
    'UNAUTHENTICATED',
    'FORBIDDEN',
    'PAYLOAD_TOO_LARGE',
    'UNSUPPORTED_MEDIA_TYPE',
    'RATE_LIMITED',
    'ROUTE_NOT_FOUND',
  ]);
  /** The access level the operation's route declares (every route has one: src/server/plugins/access.ts). */
  function accessOf(operation: OperationCase): AccessLevel {
    const url = operation.path.replace(/\{(\w+)\}/g, ':$1');
    const route = app.routeTable.find((r) => r.method === operation.method.toUpperCase() && r.url === url);
    if (!route?.access) throw new Error(`no route for ${operation.method} ${operation.path}`);
    return route.access;
  }
  /** Per operation: did any generated request get past the first checks (accepted, or refused by a rule of its own)? */
  const reachedRules: Record<string, boolean> = {};

  describe('generated inputs per operation', () => {
    it.each(OPERATIONS.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))(
      `%s: ${RUNS} generated requests, no 5xx, clear 4xx, no row written by a refused one`,
      { timeout: 300_000 },
      async (key, operation) => {
        const pathValues = {
          id: fc.integer({ min: 1, max: 60 }).map(String),
          tagId: fc.integer({ min: 1, max: 60 }).map(String),
          userId: fc.constantFrom(...throwawayUserIds),
        };
        const arbitrary = fc.tuple(
          fc.constantFrom(...PRINCIPALS),
          requestArb(operation, { pathValues, origin: sameOrigin.origin }),
        );
        reachedRules[key] = false;
        const note = ({ status, code }: { status: number; code: string | undefined }) => {
          if (status < 400 || (code && !FIRST_CHECKS.has(code))) reachedRules[key] = true;
        };
        await fc.assert(
          fc.asyncProperty(arbitrary, async ([principal, request]) =>
            note(await check(operation, key, principal, request)),
          ),
          { numRuns: RUNS },
        );
        // An operation open to one principal gets few well-formed requests from it: draw more of
        // those, from the principals its access level lets in (each checked the same way), until
        // one reaches the rules, at most RUNS. Drawn from every principal, an admin-only operation
        // with many optional fields (weekly hours, dates) got a sixth of them and missed now and then.
        if (!reachedRules[key]) {
          const level = accessOf(operation);
          const wellFormed = fc.tuple(
            fc.constantFrom(...PRINCIPALS.filter((principal) => allows(level, CALLERS[principal]))),
            wellFormedRequestArb(operation, { pathValues, origin: sameOrigin.origin }),
          );
          for (const [principal, request] of fc.sample(wellFormed, RUNS)) {
            note(await check(operation, key, principal, request));
            if (reachedRules[key]) break;
          }
        }
      },
    );

    it('reached the rules behind the checks of every operation, not only its schema', () => {
      const stoppedEarly = Object.keys(reachedRules).filter((key) => !reachedRules[key]);
      expect(stoppedEarly).toEqual([]);
    });
  });
}
