/**
 * GET /spa/validate-slug (public-site §2.1, §7.2).
 */
import { type Infer, boolean, enums, integer, string, type } from 'superstruct';
import { opt, queryString } from './common';

export const SLUG_KINDS = ['region', 'city', 'rest_kind', 'collection', 'search', 'tour', 'blog'] as const;
export type SlugKind = (typeof SLUG_KINDS)[number];

export const ValidateSlugQuery = type({
  slug: queryString(300, { min: 1, description: 'A path slug without the leading slash' }),
});
export type ValidateSlugQuery = Infer<typeof ValidateSlugQuery>;

/**
 * `valid` tells whether the slug names a page. When valid: `kind` says what it is, `id` and `name` the entity
 * (no id for the default search slug), `slug` the canonical slug in the requested locale (for tours it may
 * differ from the one asked for: the client may redirect).
 */
export const ValidateSlugResult = type({
  valid: boolean(),
  kind: opt(enums(SLUG_KINDS)),
  id: opt(integer()),
  name: opt(string()),
  slug: opt(string()),
});
export type ValidateSlugResult = Infer<typeof ValidateSlugResult>;

export const ValidateSlugAnswer = type({ result: ValidateSlugResult });
export type ValidateSlugAnswer = Infer<typeof ValidateSlugAnswer>;
