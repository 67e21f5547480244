import { ID_KEY_PATTERN } from '@wiggle/common/schemas/ids';
import fc from 'fast-check';

/**
 * Requests that violate an operation of the OpenAPI document, generated from the document itself (so a new route is
 * covered the day it is documented). Every request is invalid by construction: at least one value breaks a rule the
 * schema states (type, range, length, pattern, enum, required, items), or the body breaks JSON's own rules or ours
 * (duplicate keys, ids written as 1.0 or 1e3), or the content type is wrong.
 */

export interface JsonSchema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
}

export interface Operation {
  method: string;
  /** OpenAPI path, `/api/library/folders/{id}`. */
  path: string;
  parameters: Array<{ in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }>;
  jsonBody?: JsonSchema;
  multipart: boolean;
  public: boolean;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** What was broken, for the failure message. */
  violation: string;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
        security?: unknown[];
        consumes?: string[];
      }
    >
  >;
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      parameters: op.parameters ?? [],
      ...(op.requestBody?.content?.['application/json']?.schema
        ? { jsonBody: op.requestBody.content['application/json'].schema }
        : {}),
      multipart:
        !!op.requestBody?.content?.['multipart/form-data'] ||
        path.endsWith('/originals') ||
        path.endsWith('/avatar'),
      public: Array.isArray(op.security) && op.security.length === 0,
    })),
  );
}

// ---- values that break one stated rule ----

const TRICKY_TEXT = [
  '\u0000',
  '\u0007',
  '\u001b[31m',
  '\r\n',
  '\u202e',
  '\u2066',
  '\u200b',
  '\ufeff',
  '\u0085',
  '\u2028',
];
const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

/** A JSON text of a value whose JSON type the schema does not allow (deeply nested arrays included). */
function wrongType(schema: JsonSchema): fc.Arbitrary<string> {
  const allowed = allowedTypes(schema);
  const candidates: Array<[string, fc.Arbitrary<string>]> = [
    [
      'string',
      fc
        .oneof(fc.string({ maxLength: 20 }), fc.constantFrom('1', 'true', '0x1', '+1', '1.0', 'null', '[1]'))
        .map((s) => JSON.stringify(s)),
    ],
    ['integer', fc.integer().map(String)],
    ['number', fc.constantFrom('1.5', '-0.25', '3.14159')],
    ['boolean', fc.constantFrom('true', 'false')],
    ['null', fc.constant('null')],
    [
      'array',
      fc.oneof(fc.constant('[1]'), fc.constant('[]'), fc.integer({ min: 1000, max: 20000 }).map(deepArray)),
    ],
    ['object', fc.oneof(fc.constant('{}'), fc.constant('{"a":{"b":{"c":1}}}'))],
  ];
  const usable = candidates.filter(([type]) => {
    if (allowed.has(type)) return false;
    // An integer is a number; a float is not an integer.
    if (type === 'integer' && allowed.has('number')) return false;
    return true;
  });
  return fc.oneof(...usable.map(([, arbitrary]) => arbitrary));
}

function allowedTypes(schema: JsonSchema): Set<string> {
  const types = new Set<string>();
  if (schema.type) types.add(schema.type);
  if (schema.nullable) types.add('null');
  for (const option of schema.anyOf ?? []) for (const type of allowedTypes(option)) types.add(type);
  return types;
}

function patternBreaker(pattern: string): fc.Arbitrary<string> {
  const regex = new RegExp(pattern);
  return (
    fc
      .tuple(
        fc.string({ maxLength: 12 }),
        fc.constantFrom(...TRICKY_TEXT, '01', '0x1', '+1', '1.0', '1e3', ' 1', '-1', 'abc'),
      )
      .map(([text, tricky]) => `${text}${tricky}`)
      // Text fields are normalized before their pattern applies (NFC, CR LF as LF, trimmed): judge what it sees.
      .filter((value) => !regex.test(value.normalize('NFC').replace(/\r\n?/g, '\n').trim()))
  );
}

/** JSON texts of values that break a rule of `schema`, or none when it states nothing breakable. */
export function violatingValue(schema: JsonSchema): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [];
  if (schema.type || schema.anyOf) options.push(wrongType(schema));
  if (schema.enum) {
    options.push(
      fc
        .oneof(fc.string({ maxLength: 10 }), fc.integer())
        .filter((v) => !schema.enum!.includes(v))
        .map((v) => JSON.stringify(v)),
    );
  }
  if (schema.anyOf?.every((option) => option.enum)) {
    const values = schema.anyOf.flatMap((option) => option.enum!);
    options.push(
      fc
        .integer({ min: -5, max: 50 })
        .filter((v) => !values.includes(v))
        .map(String),
    );
  }
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      options.push(
        fc
          .integer({ min: max + 1, max: Math.max(max + 1, Math.min(max * 4, 300_000)) })
          .map((n) => JSON.stringify('x'.repeat(n))),
      );
    }
    if ((schema.minLength ?? 0) > 0) options.push(fc.constant('""'));
    if (schema.pattern?.startsWith('^'))
      options.push(patternBreaker(schema.pattern).map((s) => JSON.stringify(s)));
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    const bad: string[] = [];
    if (schema.minimum !== undefined)
      bad.push(String(schema.exclusiveMinimum === true ? schema.minimum : schema.minimum - 1), '-1');
    if (schema.maximum !== undefined) bad.push(String(schema.maximum + 1), '9007199254740993', '1e300');
    if (schema.type === 'integer') bad.push('1.5', '"1"');
    if (bad.length) options.push(fc.constantFrom(...bad));
  }
  if (schema.type === 'array' && schema.items) {
    if ((schema.minItems ?? 0) > 0) options.push(fc.constant('[]'));
    if (schema.maxItems !== undefined)
      options.push(fc.constant(JSON.stringify(Array.from({ length: schema.maxItems + 1 }, (_, i) => i + 1))));
    options.push(violatingValue(schema.items).map((item) => `[${item}]`));
  }
  if (options.length === 0) return fc.constant(deepArray(5000));
  return fc.oneof(...options);
}

/** A plausible JSON text for `schema` (valid or not: the body gets at least one certain violation besides). */
function plausibleValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.enum?.length) return fc.constantFrom(...schema.enum).map((v) => JSON.stringify(v));
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausibleValue));
  switch (schema.type) {
    case 'string':
      return fc
        .string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 30, 30) })
        .map((s) => JSON.stringify(s));
    case 'integer':
    case 'number':
      return fc.integer({ min: 1, max: 50 }).map(String);
    case 'boolean':
      return fc.boolean().map(String);
    case 'array':
      return fc
        .array(plausibleValue(schema.items ?? {}), { minLength: 1, maxLength: 3 })
        .map((items) => `[${items.join(',')}]`);
    default:
      return fc.constant('null');
  }
}

/** A JSON object text with at least one certain violation of `schema` (an object schema). */
export function violatingBody(schema: JsonSchema): fc.Arbitrary<{ text: string; violation: string }> {
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const whole = fc.oneof(
    fc
      .constantFrom('[]', '"text"', '42', 'null', 'true', '{', '{"a":', '', deepArray(20_000))
      .map((text) => ({ text, violation: `body ${text.slice(0, 20)}` })),
  );
  if (properties.length === 0) return whole;
  const fields = fc.record(
    Object.fromEntries(properties.map(([key, s]) => [key, plausibleValue(s)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const serialize = (entries: Array<[string, string]>) =>
    `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;
  const broken = fc
    .tuple(fields, fc.constantFrom(...properties.map(([key]) => key)))
    .chain(([values, key]) => {
      const schemaOf = schema.properties![key]!;
      const entries = () => Object.entries(values) as Array<[string, string]>;
      const kinds: fc.Arbitrary<{ text: string; violation: string }>[] = [
        violatingValue(schemaOf).map((bad) => ({
          text: serialize(entries().map(([k, v]) => [k, k === key ? bad : v])),
          violation: `${key}=${bad.slice(0, 40)}`,
        })),
        // The same key twice: parsers disagree on which one counts.
        fc.constant({ text: serialize([[key, values[key]!], ...entries()]), violation: `duplicate ${key}` }),
      ];
      if (required.has(key)) {
        kinds.push(
          fc.constant({ text: serialize(entries().filter(([k]) => k !== key)), violation: `missing ${key}` }),
        );
      }
      if (ID_KEY_PATTERN.test(key)) {
        kinds.push(
          fc.constantFrom('1.0', '1e0', '10e-1', '2.000').map((literal) => ({
            text: serialize(
              entries().map(([k, v]) => [
                k,
                k === key ? (schemaOf.type === 'array' ? `[${literal}]` : literal) : v,
              ]),
            ),
            violation: `${key} written ${literal}`,
          })),
        );
      }
      return fc.oneof(...kinds);
    });
  return fc.oneof({ weight: 1, arbitrary: whole }, { weight: 6, arbitrary: broken });
}

const encode = (value: string) => encodeURIComponent(value);

/** Requests that break `operation`'s parameters or body; `ids` fill path ids when another part is the broken one. */
export function violatingRequest(
  operation: Operation,
  validId: string,
): fc.Arbitrary<FuzzRequest> | undefined {
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const fillPath = (values: Record<string, string>) =>
    operation.path.replace(/\{(\w+)\}/g, (_m, name: string) => encode(values[name] ?? validId));
  const json = { 'content-type': 'application/json' };
  const options: fc.Arbitrary<FuzzRequest>[] = [];
  const bodyOf = (text: string) => (operation.jsonBody ? { payload: text, headers: json } : {});
  const validishBody = operation.jsonBody ? '{}' : '';

  // A text segment that states no pattern, enum or length has nothing to break (and filtering for a broken one would
  // never end).
  const breakablePath = pathParams.filter(
    (p) =>
      p.schema.type !== 'string' || p.schema.pattern || p.schema.enum || p.schema.maxLength !== undefined,
  );
  for (const param of breakablePath) {
    options.push(
      violatingValue(param.schema)
        // A path segment is text: a string value as itself, anything else as its JSON text (deep arrays included).
        .map((text) => (text.startsWith('"') ? (JSON.parse(text) as string) : text))
        .filter(
          (value) =>
            value !== '' &&
            !(param.schema.pattern && new RegExp(param.schema.pattern).test(value)) &&
            !param.schema.enum?.includes(value) &&
            !(
              param.schema.type === 'string' &&
              !param.schema.pattern &&
              !param.schema.enum &&
              value.length <= (param.schema.maxLength ?? Infinity)
            ),
        )
        .map((value) => ({
          method: operation.method,
          url: fillPath({ [param.name]: value }),
          headers: {},
          ...(operation.jsonBody ? { payload: validishBody, headers: json } : {}),
          violation: `path ${param.name}=${value.slice(0, 40)}`,
        })),
    );
  }
  const breakableQuery = queryParams.filter(
    (p) => p.schema.pattern || p.schema.enum || p.schema.maxLength !== undefined,
  );
  for (const param of breakableQuery) {
    const values = violatingValue(param.schema)
      .map((text) => JSON.parse(text) as unknown)
      .filter((value): value is string => typeof value === 'string')
      .filter((value) => (param.schema.pattern ? !new RegExp(param.schema.pattern).test(value) : true))
      .filter((value) => !param.schema.enum?.includes(value))
      .filter(
        (value) =>
          param.schema.pattern !== undefined ||
          param.schema.enum !== undefined ||
          value.length > (param.schema.maxLength ?? 0),
      );
    options.push(
      fc.tuple(values, fc.boolean()).map(([value, repeated]) => ({
        method: operation.method,
        // Given twice, a parameter arrives as an array, which no string schema takes.
        url: `${fillPath({})}?${param.name}=${encode(value)}${repeated ? `&${param.name}=${encode(value)}` : ''}`,
        headers: {},
        violation: `query ${param.name}=${value.slice(0, 40)}${repeated ? ' (twice)' : ''}`,
      })),
    );
  }
  for (const param of queryParams.filter((p) => p.required)) {
    options.push(
      fc.constant({
        method: operation.method,
        url: fillPath({}),
        headers: {},
        violation: `missing query ${param.name}`,
      }),
    );
  }
  if (operation.jsonBody) {
    options.push(
      violatingBody(operation.jsonBody).map(({ text, violation }) => ({
        method: operation.method,
        url: fillPath({}),
        ...bodyOf(text),
        headers: json,
        payload: text,
        violation,
      })),
    );
    options.push(
      fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map((type) => ({
        method: operation.method,
        url: fillPath({}),
        headers: { 'content-type': type },
        payload: 'name=x&ids=1',
        violation: `content type ${type}`,
      })),
    );
  }
  if (operation.multipart && operation.method === 'POST') {
    options.push(
      malformedMultipart().map((request) => ({ ...request, method: operation.method, url: fillPath({}) })),
    );
  }
  if (operation.multipart && operation.method === 'POST') {
    options.push(
      fc.constantFrom('{"file":1}', '[]').map((text) => ({
        method: operation.method,
        url: fillPath({}),
        headers: json,
        payload: text,
        violation: 'JSON instead of multipart',
      })),
    );
  }
  return options.length > 0 ? fc.oneof(...options) : undefined;
}

const BOUNDARY = 'fuzzBoundary42';
const part = (headers: string, body: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${body}\r\n`;

/** Multipart bodies a careless or hostile client sends: cut short, without boundary, nameless parts, bad fields. */
function malformedMultipart(): fc.Arbitrary<Omit<FuzzRequest, 'method' | 'url'>> {
  const type = `multipart/form-data; boundary=${BOUNDARY}`;
  const file = part(
    'Content-Disposition: form-data; name="file"; filename="a.jpg"\r\nContent-Type: image/jpeg',
    'notajpeg',
  );
  const cases: Array<[string, string, string]> = [
    ['truncated body', type, file.slice(0, 60)],
    ['no boundary parameter', 'multipart/form-data', `${file}--${BOUNDARY}--\r\n`],
    [
      'part without a name',
      type,
      `${part('Content-Disposition: form-data; filename="a.jpg"', 'x')}--${BOUNDARY}--\r\n`,
    ],
    ['no closing boundary', type, file],
    [
      'field folderId=01',
      type,
      `${part('Content-Disposition: form-data; name="folderId"', '01')}${file}--${BOUNDARY}--\r\n`,
    ],
    [
      'field resolutionLimit=7',
      type,
      `${part('Content-Disposition: form-data; name="resolutionLimit"', '7')}${file}--${BOUNDARY}--\r\n`,
    ],
    ['garbage', type, '\u0000\u0001--\r\n\r\n'],
  ];
  return fc.constantFrom(...cases).map(([violation, contentType, payload]) => ({
    headers: { 'content-type': contentType },
    payload,
    violation: `multipart: ${violation}`,
  }));
}
