/**
 * OpenAPI 3.0 description generated from the shared superstruct schemas of every registered call.
 *
 * superstruct keeps the shape of `type`/`object`/`array`/`enums`/`literal` structs; bounds, defaults and
 * union members come from the hints attached with `withMeta` (shared/src/api/schemas/common.ts).
 * Optional and nullable fields are detected by validating `undefined` and `null`.
 */
import { validate } from 'superstruct';
import { ErrorBody, schemaMeta, type AnyStruct } from '@tours/shared/src/api/schemas/common';
import { CURRENCY_HEADER, LANGUAGE_HEADER, LOCALIZATION_HEADER } from '@tours/shared/src/api/headers';
import { operationSecurity, SECURITY_SCHEMES } from './openapi-security';

export type JsonSchema = { [key: string]: unknown };

export interface RouteDoc {
  method: 'GET' | 'POST';
  url: string;
  tags: string[];
  summary: string;
  description?: string;
  query?: AnyStruct;
  body?: AnyStruct;
  /** The multipart/form-data form the call takes (uploads; with `body`, either one). */
  multipart?: AnyStruct;
  answer?: AnyStruct;
  /** Answer media type when not JSON (images). */
  produces?: string;
  errors: number[];
}

function accepts(struct: AnyStruct, value: unknown): boolean {
  return !validate(value, struct)[0];
}

/** Optional: `undefined` passes validation, or coercion gives it a default. */
function isOptional(struct: AnyStruct): boolean {
  return accepts(struct, undefined) || !validate(undefined, struct, { coerce: true })[0];
}

const BASIC: Record<string, JsonSchema> = {
  string: { type: 'string' },
  number: { type: 'number' },
  integer: { type: 'integer' },
  boolean: { type: 'boolean' },
  unknown: {},
  any: {},
};

/** JSON schema of a struct (query numbers and booleans are described by the type they coerce to). */
export function toJsonSchema(struct: AnyStruct): JsonSchema {
  const meta = schemaMeta(struct) ?? {};
  let out: JsonSchema;
  const schema: unknown = struct.schema;
  switch (struct.type) {
    case 'type':
    case 'object': {
      const fields = schema as Record<string, AnyStruct>;
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [name, field] of Object.entries(fields)) {
        properties[name] = toJsonSchema(field);
        if (!isOptional(field)) required.push(name);
      }
      out = { type: 'object', properties, ...(required.length ? { required } : {}) };
      break;
    }
    case 'array':
      out = { type: 'array', items: schema ? toJsonSchema(schema as AnyStruct) : {} };
      break;
    case 'enums': {
      const values = Object.values(schema as Record<string, unknown>);
      out = { type: typeof values[0] === 'number' ? 'integer' : 'string', enum: values };
      break;
    }
    case 'literal':
      out = { enum: [schema] };
      break;
    case 'record':
      out = { type: 'object', additionalProperties: {} };
      break;
    case 'union':
      out = meta.members ? { oneOf: meta.members.map((m) => toJsonSchema(m)) } : {};
      break;
    default:
      out = { ...(BASIC[struct.type] ?? {}) };
  }
  if (!['union', 'literal', 'unknown', 'any'].includes(struct.type) && accepts(struct, null)) out.nullable = true;
  for (const key of ['description', 'minimum', 'maximum', 'minLength', 'maxLength', 'pattern', 'default', 'format', 'example'] as const) {
    if (meta[key] !== undefined) out[key] = meta[key];
  }
  return out;
}

function queryParameters(query: AnyStruct): JsonSchema[] {
  const fields = (query.schema ?? {}) as Record<string, AnyStruct>;
  return Object.entries(fields).map(([name, field]) => {
    const schema = toJsonSchema(field);
    const { description, ...rest } = schema;
    return { name, in: 'query', required: !isOptional(field), ...(description ? { description } : {}), schema: rest };
  });
}

const ERROR_TEXT: Record<number, string> = {
  400: 'Malformed request (e.g. malformed JSON)',
  401: 'Unauthorized: no live token in X-Authorization',
  404: 'Not found',
  409: 'Conflict: the address is used by another account',
  413: 'Payload too large: `errors` names the file field when it was the file',
  415: 'Unsupported media type',
  422: 'Validation failed: `errors` is keyed by field name',
  429: "Too many requests: `data.type` is 'captcha' or 'hard_captcha' (retry with x-captcha-token)",
};

/** The OpenAPI document of the given calls. */
export function buildOpenApi(routes: readonly RouteDoc[], info: { title: string; version: string; description: string }): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const r of routes) {
    const responses: Record<string, JsonSchema> = {
      200: r.produces
        ? { description: 'OK', content: { [r.produces]: { schema: { type: 'string' } } } }
        : { description: 'OK', content: { 'application/json': { schema: r.answer ? toJsonSchema(r.answer) : {} } } },
    };
    for (const status of r.errors) {
      responses[status] = { description: ERROR_TEXT[status] ?? 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
    }
    const path = r.url.replace(/:(\w+)/g, '{$1}');
    const pathParams = [...r.url.matchAll(/:(\w+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const headers = [LANGUAGE_HEADER, LOCALIZATION_HEADER, CURRENCY_HEADER].map((name) => ({ $ref: `#/components/parameters/${name}` }));
    paths[path] = {
      ...paths[path],
      [r.method.toLowerCase()]: {
        tags: r.tags,
        summary: r.summary,
        ...(r.description ? { description: r.description } : {}),
        operationId: `${r.method.toLowerCase()}${path.replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
        parameters: [...pathParams, ...(r.query ? queryParameters(r.query) : []), ...headers],
        security: operationSecurity(r),
        ...(r.body || r.multipart
          ? {
            requestBody: {
              required: true,
              content: {
                ...(r.body ? { 'application/json': { schema: toJsonSchema(r.body) } } : {}),
                ...(r.multipart ? { 'multipart/form-data': { schema: toJsonSchema(r.multipart) } } : {}),
              },
            },
          }
          : {}),
        responses,
      },
    };
  }
  return {
    openapi: '3.0.3',
    info,
    // Relative: the service itself, or the host's proxy of it at the same paths.
    servers: [{ url: '/', description: 'This service (the site proxies the same paths)' }],
    paths,
    components: {
      securitySchemes: SECURITY_SCHEMES,
      schemas: { Error: toJsonSchema(ErrorBody) },
      parameters: {
        [LANGUAGE_HEADER]: { name: LANGUAGE_HEADER, in: 'header', required: false, description: 'Locale of the texts: en-US/en, zh-CN/cn, de, ru (unknown → en)', schema: { type: 'string' } },
        [LOCALIZATION_HEADER]: { name: LOCALIZATION_HEADER, in: 'header', required: false, description: 'Site variant: 1 base, 12 Chinese region (default currency CNY)', schema: { type: 'integer', enum: [1, 12] } },
        [CURRENCY_HEADER]: { name: CURRENCY_HEADER, in: 'header', required: false, description: 'Currency of prices; unknown → the variant default (RUB, or CNY for 12)', schema: { type: 'string' } },
      },
    },
  };
}
