import fc from 'fast-check';

/**
 * Requests generated from the app's own OpenAPI document (docs/testing.md#generated-inputs):
 * for each operation, an arbitrary of path, query, headers and body that mostly follows the
 * declared schema (so that requests get past the first check and reach the rules behind it)
 * and, at every level, sometimes does not: a wrong type, a missing or unknown field, a value
 * past its bounds, text that is not JSON, another content type.
 */

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  pattern?: string;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

interface Operation {
  description?: string;
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** One operation of the document: `GET /api/activities/{id}` and what it takes. */
export interface OperationCase {
  method: string;
  path: string;
  operation: Operation;
}

export function operationsOf(document: OpenApiDocument): OperationCase[] {
  return Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

export interface GeneratedRequest {
  url: string;
  headers: Record<string, string>;
  /** What goes on the wire: a string, or nothing. */
  payload: string | undefined;
}

/** Text that has found bugs elsewhere: empty, blank, markup, SQL, control characters, odd numbers and dates. */
const AWKWARD_TEXT = [
  '',
  ' ',
  'Limoux',
  'Château d’Arques',
  'ÉTÉ à Limoux',
  '2027-06-01',
  '2026-02-30',
  '1999-12-31T23:59:59Z',
  'a@b.co',
  'not-an-email',
  'https://example.com/',
  'javascript:alert(1)',
  '+33 4 68 00 00 00',
  "'; drop table users; --",
  '<script>alert(1)</script>',
  '\u0000',
  'wijn\u0000proeverij',
  '%00',
  '../../etc/passwd',
  '💥🍷',
  'NaN',
  '-1',
  '1e309',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
];

const wrongType = () => fc.jsonValue({ maxDepth: 2 });

function numberArb(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -1000);
  const high = Math.min(
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 100_000),
    Number.MAX_SAFE_INTEGER,
  );
  const inBounds = integer
    ? fc.integer({ min: Math.ceil(low), max: Math.floor(high) })
    : fc.double({ min: low, max: high, noNaN: true, noDefaultInfinity: true });
  const edges = fc.constantFrom(0, -1, 1, 0.5, low - 1, high + 1, 2 ** 53, -(2 ** 31), 1e300);
  return fc.oneof({ weight: 4, arbitrary: inBounds }, { weight: 1, arbitrary: edges });
}

function stringArb(schema: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(schema.maxLength ?? 60, 300);
  const options: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fc.string({ minLength: schema.minLength ?? 0, maxLength: max }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: Math.min(max, 30) }) },
    { weight: 2, arbitrary: fc.constantFrom(...AWKWARD_TEXT) },
  ];
  if (schema.format === 'uuid') options.push({ weight: 3, arbitrary: fc.uuid() });
  // One past the limit, where the limit is small enough to send.
  if (schema.maxLength !== undefined && schema.maxLength <= 5000) {
    options.push({ weight: 1, arbitrary: fc.constant('x'.repeat(schema.maxLength + 1)) });
  }
  return fc.oneof(...options);
}

/**
 * A generated key as the name of a property: text as it is, anything else as its JSON, as a key on the
 * wire is always text. A value of the wrong type can be an object without a prototype (fast-check's
 * `jsonValue`), which JavaScript cannot turn into a key: building a request threw, about once in
 * 10,000 requests of an operation with a map of names, and failed a whole run (openapi-inputs.test.ts).
 */
const asPropertyName = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');

function objectArb(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const keys = Object.keys(properties);
  const required = (schema.required ?? []).filter((key) => key in properties);
  const shaped = fc.record(Object.fromEntries(keys.map((key) => [key, valueArb(properties[key] ?? {}, depth + 1)])), {
    requiredKeys: required,
  }) as fc.Arbitrary<Record<string, unknown>>;
  // A map such as translations: keys from `propertyNames`, values from `additionalProperties`.
  const mapped =
    keys.length === 0 && typeof schema.additionalProperties === 'object'
      ? fc.dictionary(
          schema.propertyNames ? valueArb(schema.propertyNames, depth + 1).map(asPropertyName) : fc.string(),
          valueArb(schema.additionalProperties, depth + 1),
          { maxKeys: 5 },
        )
      : shaped;
  const broken = fc
    .tuple(mapped, fc.constantFrom(...(required.length ? required : ['unknownField'])))
    .map(([value, key]) => {
      const copy = { ...value };
      if (key in copy) delete copy[key];
      else copy[key] = 'unexpected';
      return copy;
    });
  return fc.oneof({ weight: 6, arbitrary: mapped }, { weight: 1, arbitrary: broken });
}

const pad = (text: string, min: number, max: number) =>
  (text.length < min ? text.padEnd(min, 'x') : text).slice(0, max);

/** Well-formed text for a field, guessed from its name where the schema cannot say (an e-mail, a date). */
function wellFormedText(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 200, 2000);
  const key = name.toLowerCase();
  const isoDay = fc
    .date({ min: new Date('2026-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
  let text: fc.Arbitrary<string>;
  if (schema.format === 'uuid' || key.includes('idempotency')) text = fc.uuid();
  // Addresses people have: fast-check's own are valid by the RFC but stranger than any form accepts.
  else if (key.includes('email'))
    text = fc
      .tuple(
        fc.stringMatching(/^[a-z][a-z0-9.]{0,15}[a-z0-9]$/),
        fc.constantFrom('example.com', 'mail.fr', 'posteo.de'),
      )
      .map(([local, domain]) => `${local.replace(/\.{2,}/g, '.')}@${domain}`);
  // A `format: date` field is a day to come (an event's edition, which must not be over), the first 150 from now.
  else if (schema.format === 'date')
    text = fc
      .integer({ min: 0, max: 150 })
      .map((days) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10));
  else if (key.includes('date') || key.endsWith('until') || key === 'from' || key === 'to') text = isoDay;
  else if (key === 'lat' || key === 'latitude')
    text = fc.double({ min: 42.7, max: 43.4, noNaN: true }).map((n) => n.toFixed(4));
  else if (key === 'lon' || key === 'longitude')
    text = fc.double({ min: 1.8, max: 2.6, noNaN: true }).map((n) => n.toFixed(4));
  // A view of the map (docs/api.md#the-map): its edges around Limoux, a zoom the map has.
  else if (key === 'south' || key === 'north')
    text = fc.double({ min: 42.7, max: 43.4, noNaN: true }).map((n) => n.toFixed(4));
  else if (key === 'west' || key === 'east')
    text = fc.double({ min: 1.8, max: 2.6, noNaN: true }).map((n) => n.toFixed(4));
  else if (key === 'zoom') text = fc.integer({ min: 0, max: 20 }).map(String);
  else if (key === 'limit' || key === 'offset') text = fc.integer({ min: 0, max: 60 }).map(String);
  else if (key.includes('price')) text = fc.integer({ min: 0, max: 120 }).map(String);
  else if (key.includes('rating')) text = fc.integer({ min: 1, max: 5 }).map(String);
  else if (key === 'returnto') text = fc.constantFrom('/', '/kaart', '/activity/3', '/favorieten');
  else if (key === 'q' || key === 'search' || key === 'tags')
    text = fc.constantFrom('ma', 'chateau', 'Limoux', 'rafting', 'café', 'wijn', 'blanquette', 'lac');
  else if (key.includes('website') || key.includes('url')) text = fc.webUrl();
  else if (key.includes('phone')) text = fc.integer({ min: 10_000_000, max: 99_999_999 }).map((n) => `+33 4 ${n}`);
  else if (schema.pattern) text = fc.stringMatching(new RegExp(schema.pattern));
  else text = fc.lorem({ maxCount: Math.max(1, Math.min(12, Math.floor(max / 8))) });
  return text.map((t) => pad(t, min, max)).filter((t) => t.trim().length >= Math.min(min, 1));
}

/** A value that follows `schema` to the letter: enums, bounds, required fields, no unknown ones. */
function wellFormedArb(schema: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => wellFormedArb(variant, name, depth)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return wellFormedText(schema, name);
    case 'integer':
    case 'number': {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
      const high = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? 1000) - 1, 60);
      const ceiling = Math.max(low, high);
      if (name.toLowerCase().includes('latitude')) return fc.double({ min: 42.7, max: 43.4, noNaN: true });
      if (name.toLowerCase().includes('longitude')) return fc.double({ min: 1.8, max: 2.6, noNaN: true });
      // Prices in euros have whole cents.
      if (name.toLowerCase().includes('price') && type === 'number')
        return fc.integer({ min: Math.ceil(low * 100), max: Math.floor(ceiling * 100) }).map((cents) => cents / 100);
      return type === 'integer'
        ? fc.integer({ min: Math.ceil(low), max: Math.floor(ceiling) })
        : fc.double({ min: low, max: ceiling, noNaN: true, noDefaultInfinity: true });
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(wellFormedArb(schema.items ?? {}, name, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 3, 3),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const keys = Object.keys(properties);
      if (keys.length === 0 && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(
          (schema.propertyNames
            ? wellFormedArb(schema.propertyNames, name, depth + 1)
            : fc.string()) as fc.Arbitrary<string>,
          wellFormedArb(schema.additionalProperties, name, depth + 1),
          { maxKeys: 3 },
        );
      }
      return fc.record(
        Object.fromEntries(keys.map((key) => [key, wellFormedArb(properties[key] ?? {}, key, depth + 1)])),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
    }
    default:
      return fc.jsonValue({ maxDepth: 1 });
  }
}

/** A value for `schema`: mostly of its shape, sometimes of any other. */
function valueArb(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 9, arbitrary: shapedArb(schema, depth) }, { weight: 1, arbitrary: wrongType() });
}

function shapedArb(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants?.length) return fc.oneof(...variants.map((variant) => shapedArb(variant, depth)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...schema.enum) }, stringArb({}));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      return stringArb(schema);
    case 'integer':
      return numberArb(schema, true);
    case 'number':
      return numberArb(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 4
        ? fc.constant([])
        : fc.array(valueArb(schema.items ?? {}, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 12) });
    case 'object':
      return depth > 4 ? fc.constant({}) : objectArb(schema, depth);
    default:
      return wrongType();
  }
}

/** A query or header value as text: what a URL or a header can carry. */
function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Ids of rows the database holds, and some it does not, for path parameters named like ids. */
export interface PathValues {
  [name: string]: fc.Arbitrary<string> | undefined;
}

const PATH_GARBAGE = [
  '0',
  '-1',
  '1.5',
  'abc',
  '2147483648',
  '4294967296',
  '9999999999',
  '9999999999999999999999',
  '%2e%2e',
  '1%00',
  'null',
  ' 1',
  '١',
];

function pathArb(parameter: Parameter, known: PathValues): fc.Arbitrary<string> {
  const fromSchema = shapedArb(parameter.schema ?? { type: 'string' }, 0).map(asText);
  const options: fc.Arbitrary<string>[] = [fromSchema, fc.constantFrom(...PATH_GARBAGE)];
  const listed = known[parameter.name];
  if (listed) options.unshift(listed, listed);
  return fc.oneof(...options);
}

const BODY_CONTENT_TYPES = ['text/plain', 'application/x-www-form-urlencoded', 'application/xml'];

/** A multipart body of one part named `file`, of random bytes (an upload's shape, never its content). */
const multipart = fc.uint8Array({ maxLength: 256 }).map((bytes) => {
  const boundary = 'generatedBoundary';
  const part = Buffer.from(bytes).toString('latin1');
  return {
    payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.jpg"\r\nContent-Type: image/jpeg\r\n\r\n${part}\r\n--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
});

/** An operation that takes an upload: its body is multipart/form-data, as its description says. */
const takesUpload = (operation: Operation) =>
  Boolean(operation.requestBody?.content?.['multipart/form-data']) ||
  /multipart\/form-data/.test(operation.description ?? '');

/**
 * The body of a request: JSON of the declared schema (mostly), any JSON, text that is not JSON,
 * or a body of another content type; for an operation without a JSON body, random text and
 * multipart parts of random bytes.
 */
function bodyArb(operation: Operation): fc.Arbitrary<{ payload: string | undefined; contentType?: string }> {
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const notJson = fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom('{', '{"a":', '[1,2', 'null', '"x"', ''));
  const other = fc
    .tuple(fc.constantFrom(...BODY_CONTENT_TYPES), fc.string({ maxLength: 100 }))
    .map(([contentType, payload]) => ({ payload, contentType }));
  const json = (value: fc.Arbitrary<unknown>) =>
    value.map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' }));
  if (!schema) {
    return fc.oneof(
      { weight: 2, arbitrary: fc.constant({ payload: undefined }) },
      { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 2 })) },
      { weight: 2, arbitrary: multipart },
      { weight: 1, arbitrary: notJson.map((payload) => ({ payload, contentType: 'application/json' })) },
      { weight: 1, arbitrary: other },
    );
  }
  return fc.oneof(
    { weight: 12, arbitrary: json(shapedArb(schema, 0)) },
    { weight: 2, arbitrary: json(fc.jsonValue({ maxDepth: 3 })) },
    { weight: 1, arbitrary: notJson.map((payload) => ({ payload, contentType: 'application/json' })) },
    { weight: 1, arbitrary: other },
    { weight: 1, arbitrary: fc.constant({ payload: undefined }) },
  );
}

interface RequestOptions {
  pathValues?: PathValues;
  /** The app's own origin, which its pages send with every write. */
  origin: string;
}

/**
 * Generated requests for one operation of the document: half of them well-formed to the
 * letter (they reach the rules behind the schema: ownership, state, permissions), half of
 * them loose (they try the schema itself).
 */
export function requestArb(operation: OperationCase, options: RequestOptions): fc.Arbitrary<GeneratedRequest> {
  return fc.oneof(wellFormedRequestArb(operation, options), looseRequestArb(operation, options));
}

/** Requests that are well-formed to the letter of the operation's schemas. */
export function wellFormedRequestArb(
  { path, operation }: OperationCase,
  { pathValues = {}, origin }: RequestOptions,
): fc.Arbitrary<GeneratedRequest> {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const optional = parameters.filter((p) => p.in !== 'path');
  const schema = operation.requestBody?.content?.['application/json']?.schema;
  const valueOf = (p: Parameter) => wellFormedArb(p.schema ?? { type: 'string' }, p.name).map(asText);
  return fc
    .record({
      path: fc.tuple(...inPath.map((p) => pathValues[p.name] ?? valueOf(p))),
      rest: fc.tuple(
        ...optional.map((p) => (p.required ? valueOf(p) : fc.option(valueOf(p), { nil: undefined, freq: 2 }))),
      ),
      body: schema
        ? wellFormedArb(schema).map((value) => ({ payload: JSON.stringify(value), contentType: 'application/json' }))
        : takesUpload(operation)
          ? multipart
          : fc.constant(undefined),
    })
    .map(({ path: pathDrawn, rest, body }) => assemble(path, inPath, pathDrawn, optional, rest, body, origin));
}

function looseRequestArb({ path, operation }: OperationCase, { pathValues = {}, origin }: RequestOptions) {
  const parameters = operation.parameters ?? [];
  const inPath = parameters.filter((p) => p.in === 'path');
  const optional = parameters.filter((p) => p.in !== 'path');
  const valueOf = (p: Parameter) =>
    p.required
      ? shapedArb(p.schema ?? {}, 0).map(asText)
      : fc.option(shapedArb(p.schema ?? {}, 0).map(asText), { nil: undefined, freq: 2 });
  return fc
    .record({
      path: fc.tuple(...inPath.map((p) => pathArb(p, pathValues))),
      rest: fc.tuple(...optional.map(valueOf)),
      extraQuery: fc.option(fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })), { freq: 8 }),
      body: bodyArb(operation),
      // Writes from the app's own pages mostly; sometimes from another site, or with no origin at all.
      origin: fc.oneof(
        { weight: 6, arbitrary: fc.constant<string | undefined>(origin) },
        { weight: 1, arbitrary: fc.constant('https://elsewhere.example') },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
    })
    .map(({ path: pathDrawn, rest, extraQuery, body, origin: drawnOrigin }) => {
      const request = assemble(path, inPath, pathDrawn, optional, rest, body, drawnOrigin);
      if (extraQuery) {
        const extra = new URLSearchParams([extraQuery]).toString();
        request.url += `${request.url.includes('?') ? '&' : '?'}${extra}`;
      }
      return request;
    });
}

/** Puts the drawn parts together into a request as a client would send it. */
function assemble(
  path: string,
  inPath: Parameter[],
  pathDrawn: string[],
  optional: Parameter[],
  rest: (string | undefined)[],
  body: { payload: string | undefined; contentType?: string } | undefined,
  origin: string | undefined,
): GeneratedRequest {
  let url = path;
  inPath.forEach((p, i) => {
    url = url.replace(`{${p.name}}`, () => encodeURIComponent(pathDrawn[i] ?? ''));
  });
  const search = new URLSearchParams();
  const headers: Record<string, string> = {};
  optional.forEach((p, i) => {
    const value = rest[i];
    if (value === undefined) return;
    if (p.in === 'query') search.append(p.name, value);
    // A header carries visible ASCII only; anything else is not a request a client can send.
    else if (p.in === 'header' && /^[\x20-\x7e]*$/.test(value)) headers[p.name] = value;
  });
  const text = search.toString();
  if (body?.contentType && body.payload !== undefined) headers['content-type'] = body.contentType;
  if (origin) headers.origin = origin;
  return { url: text ? `${url}?${text}` : url, headers, payload: body?.payload };
}
