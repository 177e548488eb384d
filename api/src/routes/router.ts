/**
 * Registering a call: its query/body schema (validated and coerced), its answer schema (checked in tests,
 * and described in OpenAPI), and a handler that gets the parsed input and the request context.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { validate, type Infer } from 'superstruct';
import type { AnyStruct, ApiLocale, CurrencyCode, LocalizationId } from '@tours/shared/src/api/schemas/common';
import { CURRENCY_HEADER, LANGUAGE_HEADER, LOCALIZATION_HEADER } from '@tours/shared/src/api/headers';
import { currencyFromHeader } from '../lib/currency';
import { localeFromHeader, localizationFromHeader } from '../lib/i18n';
import type { RouteDoc } from '../lib/openapi';
import { parseInput, refuseNonObjectBody } from '../lib/validation';

/** What the common headers ask for (public-site §7.1). */
export interface RequestContext {
  locale: ApiLocale;
  localization: LocalizationId;
  currency: CurrencyCode;
}

export function requestContext(request: FastifyRequest): RequestContext {
  const localization = localizationFromHeader(request.headers[LOCALIZATION_HEADER.toLowerCase()]);
  return {
    locale: localeFromHeader(request.headers[LANGUAGE_HEADER.toLowerCase()]),
    localization,
    currency: currencyFromHeader(request.headers[CURRENCY_HEADER.toLowerCase()], localization),
  };
}

type InputOf<S extends AnyStruct | undefined> = S extends AnyStruct ? Infer<S> : Record<string, never>;

export interface RouteSpec<Q extends AnyStruct | undefined, B extends AnyStruct | undefined, A extends AnyStruct> {
  method: 'GET' | 'POST';
  url: string;
  tags: string[];
  summary: string;
  description?: string;
  query?: Q;
  body?: B;
  answer: A;
  /**
   * A call that takes a multipart/form-data form (the uploads): `form` describes its parts in OpenAPI, `json` the JSON
   * body it takes instead, if any. The router parses no body for it: the handler reads the parts as they stream
   * (`request.parts()`, only inside a scope that registered @fastify/multipart: see `in`) or checks the JSON body itself.
   */
  multipart?: { form: AnyStruct; json?: AnyStruct };
  /** Error statuses the call may answer besides 429 (default: 422 when it has input). */
  errors?: number[];
  handler(input: { query: InputOf<Q>; body: InputOf<B>; ctx: RequestContext; request: FastifyRequest; reply: FastifyReply }): Promise<Infer<A>>;
}

export class ApiRouter {
  /**
   * The JSON of answers that come from the answer cache (`Services.cached` hands out the same object until it
   * expires): serialised once, not on every request. Keyed weakly, so it goes with the cached answer. Answers
   * are never changed after they are made (handlers build new objects), which is what makes this safe.
   */
  private readonly json = new WeakMap<object, string>();

  constructor(
    private readonly app: FastifyInstance,
    private readonly options: { validateAnswers: boolean },
    /** Every call's description (OpenAPI), shared by the routers of one server (`in`). */
    readonly docs: RouteDoc[] = [],
  ) {}

  /** The same router (options, one OpenAPI list) declaring its calls in another fastify scope (an encapsulated plugin's). */
  in(app: FastifyInstance): ApiRouter {
    return new ApiRouter(app, this.options, this.docs);
  }

  add<Q extends AnyStruct | undefined, B extends AnyStruct | undefined, A extends AnyStruct>(spec: RouteSpec<Q, B, A>): void {
    const hasInput = Boolean(spec.query || spec.body || spec.multipart);
    const jsonBody = spec.body ?? spec.multipart?.json;
    this.docs.push({
      method: spec.method, url: spec.url, tags: spec.tags, summary: spec.summary, answer: spec.answer,
      ...(spec.description ? { description: spec.description } : {}), ...(spec.query ? { query: spec.query } : {}), ...(jsonBody ? { body: jsonBody } : {}),
      ...(spec.multipart ? { multipart: spec.multipart.form } : {}),
      errors: [...new Set([...(jsonBody ? [400] : []), ...(spec.errors ?? []), ...(hasInput ? [422] : []), 429])].sort(),
    });
    const validateAnswers = this.options.validateAnswers;
    this.app.route({
      method: spec.method,
      url: spec.url,
      handler: async (request, reply) => {
        const query = (spec.query ? parseInput(request.query, spec.query) : {}) as InputOf<Q>;
        if (!spec.body && !spec.multipart && spec.method === 'POST') refuseNonObjectBody(request.body);
        const body = (spec.body ? parseInput(request.body, spec.body) : {}) as InputOf<B>;
        const answer = await spec.handler({ query, body, ctx: requestContext(request), request, reply });
        if (validateAnswers) {
          const [error] = validate(answer, spec.answer);
          if (error) throw new Error(`Answer of ${spec.url} does not match its schema at ${error.path.join('.')}: ${error.message}`);
        }
        if (answer === null || typeof answer !== 'object' || reply.sent) return answer;
        let json = this.json.get(answer);
        if (json === undefined) {
          json = JSON.stringify(answer);
          this.json.set(answer, json);
        }
        return reply.type('application/json; charset=utf-8').send(json);
      },
    });
  }

  /** Documents a route registered directly on fastify (media). */
  document(doc: RouteDoc): void {
    this.docs.push(doc);
  }
}
