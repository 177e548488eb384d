/**
 * The staff calls on organizers (accounts-and-comms §6 'the organizer list, view, create, update and
 * set-published-on-site operations … who may call them is not shown', §7 'Organizers'; issue 16).
 *
 * - Who: an admin session (staff-tools.ts: a staff token; a traveller's token is none, 401). Reading (list, view)
 *   needs either staff permission, like the tour's private data; changing (create, update, publishing) needs
 *   can_use_knowledge, the back office's permission ('Tour in admin'). A session without it: 403.
 * - The writes take the staff token only from X-Authorization: the admin_auth cookie exists for GET links opened in
 *   a new tab, and a POST a page of another site could send with it must not change anything.
 * - Publishing: an organizer not published on the site is a 404 in every public call (organizers.ts), at once: the
 *   public answers are cached under the organizer's revision, which every write here bumps.
 */
import type { FastifyRequest } from 'fastify';
import { normalPhone, type ApiLocale } from '@tours/shared/src/api/schemas/common';
import {
  OrganizerAdminAnswer, OrganizerCreateBody, OrganizerIdQuery, OrganizerListAnswer, OrganizerListQuery, OrganizerPublishBody, OrganizerUpdateBody,
  type OrganizerAdminItem,
} from '@tours/shared/src/api/schemas/organizers-admin';
import type { StaffPermission } from '@tours/shared/src/api/schemas/staff';
import {
  adminOrganizerById, insertOrganizer, listOrganizers, regionsByIds, setOrganizerPublished, updateOrganizer,
  type AdminOrganizer, type MainExpertWritable, type OrganizerWritable,
} from '../db/queries/organizers-admin';
import { organizerReviewSummary } from '../db/queries/organizers';
import { personal } from '../use-cases/chat-socket';
import { HttpError, notFound, validationError } from '../lib/errors';
import { t } from '../lib/i18n';
import type { Services } from '../services';
import type { ApiRouter } from './router';
import { bearerToken, requireAdmin } from '../lib/auth';
import { organizerLegalForm } from '../lib/organizer-views';

const ORGANIZER_READ: readonly StaffPermission[] = ['can_use_knowledge', 'can_view_commission'];
const ORGANIZER_WRITE: readonly StaffPermission[] = ['can_use_knowledge'];

type Region = Awaited<ReturnType<typeof regionsByIds>>[number];

function item({ organizer: o, expert: e }: AdminOrganizer, region: Region | undefined, locale: ApiLocale): OrganizerAdminItem {
  return {
    id: o.id,
    kind: o.kind === 'author' ? 'author' : 'organization',
    legal_form: organizerLegalForm(o.legal_form),
    region: region ? { id: region.id, name: t(region, 'name', locale) } : null,
    name_en: o.name_en,
    name_cn: o.name_cn,
    expert_first_name_en: e?.first_name_en ?? '',
    expert_last_name_en: e?.last_name_en ?? '',
    phone: o.phone,
    email: o.email,
    published_on_site: o.published_on_site === 1,
    tours_count: o.tours_count,
    updated_at: o.updated_at,
  };
}

export function registerOrganizerAdminRoutes(router: ApiRouter, s: Services): void {
  const tags = ['organizers (staff)'];
  const session = 'An admin session: a staff token (POST /crm/api/agent/auth) as X-Authorization: Bearer; 401 without one (a traveller\'s token included)';
  const reads = `${session} (or the admin_auth cookie), 403 without can_use_knowledge or can_view_commission.`;
  const writes = `${session} (the header only: the admin_auth cookie is not enough to change anything), 403 without can_use_knowledge.`;

  /** The session for a write: the header's token, with can_use_knowledge. */
  async function requireWriter(request: FastifyRequest) {
    if (!bearerToken(request)) throw new HttpError(401, 'Unauthorized');
    return requireAdmin(s, request, ORGANIZER_WRITE);
  }

  async function view(id: number, locale: ApiLocale): Promise<OrganizerAdminAnswer> {
    const found = await adminOrganizerById(s.db, id);
    if (!found) throw notFound('Organizer not found');
    const [regions, reviews] = await Promise.all([regionsByIds(s.db, [found.organizer.region_id]), organizerReviewSummary(s.db, id)]);
    const { organizer: o, expert: e } = found;
    return {
      ...item(found, regions[0], locale),
      description_en: o.description_en,
      description_cn: o.description_cn,
      expert_first_name_cn: e?.first_name_cn ?? '',
      expert_last_name_cn: e?.last_name_cn ?? '',
      expert_first_name_ru: e?.first_name_ru ?? null,
      expert_last_name_ru: e?.last_name_ru ?? null,
      since_year: o.since_year,
      marketplace_requests_with_direct_sale: o.marketplace_requests_with_direct_sale === 1,
      is_email_verified: o.is_email_verified === 1,
      is_phone_verified: o.is_phone_verified === 1,
      is_passport_verified: o.is_passport_verified === 1,
      rating: reviews.rating,
      reviews_count: reviews.count,
    };
  }

  /** 'Incorrect value' on region_id unless the region exists. */
  async function checkRegion(regionId: number | undefined): Promise<void> {
    if (regionId !== undefined && (await regionsByIds(s.db, [regionId])).length === 0) throw validationError({ region_id: 'Incorrect value' });
  }

  const nullIfEmpty = (v: string | undefined) => (v === undefined ? undefined : v === '' ? null : v);
  /** The stored form of the body's fields: left out stays undefined, '' of an optional text clears it. */
  function writable(b: OrganizerUpdateBody): { organizer: Partial<OrganizerWritable>; expert: Partial<MainExpertWritable> } {
    const phone = nullIfEmpty(b.phone);
    const organizer: Partial<OrganizerWritable> = {
      kind: b.kind, legal_form: b.legal_form, region_id: b.region_id, name_en: b.name_en, name_cn: b.name_cn,
      description_en: b.description_en, description_cn: b.description_cn,
      // Stored as '+' and digits, the form phones are compared in everywhere.
      phone: phone ? normalPhone(phone) : phone,
      email: nullIfEmpty(b.email),
      since_year: b.since_year,
      marketplace_requests_with_direct_sale: b.marketplace_requests_with_direct_sale === undefined ? undefined : b.marketplace_requests_with_direct_sale ? 1 : 0,
    };
    const expert: Partial<MainExpertWritable> = {
      first_name_en: b.expert_first_name_en, last_name_en: b.expert_last_name_en, first_name_cn: b.expert_first_name_cn, last_name_cn: b.expert_last_name_cn,
      first_name_ru: nullIfEmpty(b.expert_first_name_ru), last_name_ru: nullIfEmpty(b.expert_last_name_ru),
    };
    const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
    return { organizer: defined(organizer), expert: defined(expert) };
  }

  router.add({
    method: 'GET', url: '/crm/api/organizer/list', tags, summary: 'Organizers, newest first, published or not (staff)',
    description: `${reads} published_on_site narrows to published (1) or hidden (0) ones; query finds a text in the organizer's or its experts' names (any language, case-insensitive) or the id. limit at most 100.`,
    query: OrganizerListQuery, answer: OrganizerListAnswer, errors: [401, 403],
    handler: async ({ query, request, reply, ctx }) => {
      personal(reply);
      await requireAdmin(s, request, ORGANIZER_READ);
      const { rows, total } = await listOrganizers(s.db, { limit: query.limit, offset: (query.page - 1) * query.limit, published: query.published_on_site, query: query.query });
      const regions = new Map((await regionsByIds(s.db, [...new Set(rows.map((r) => r.organizer.region_id))])).map((r) => [r.id, r]));
      return {
        items: rows.map((r) => item(r, regions.get(r.organizer.region_id), ctx.locale)),
        pagination: { page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), itemsCount: total, itemsOnPage: rows.length, pageSize: query.limit },
      };
    },
  });

  router.add({
    method: 'GET', url: '/crm/api/organizer/view', tags, summary: 'One organizer with every stored field (staff)',
    description: `${reads} 404 for an unknown id.`,
    query: OrganizerIdQuery, answer: OrganizerAdminAnswer, errors: [401, 403, 404],
    handler: async ({ query, request, reply, ctx }) => {
      personal(reply);
      await requireAdmin(s, request, ORGANIZER_READ);
      return view(query.id, ctx.locale);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/organizer/create', tags, summary: 'Creates an organizer with its main expert (staff)',
    description: `${writes} Not published unless published_on_site is true. Answers the organizer as view does.`,
    body: OrganizerCreateBody, answer: OrganizerAdminAnswer, errors: [401, 403],
    handler: async ({ body, request, reply, ctx }) => {
      personal(reply);
      await requireWriter(request);
      await checkRegion(body.region_id);
      const { organizer, expert } = writable(body);
      // The body's required fields are all there (the schema); the optional ones get their defaults.
      const fields = {
        description_en: '', description_cn: '', phone: null, email: null, since_year: s.date().getUTCFullYear(), marketplace_requests_with_direct_sale: 0,
        ...organizer, published_on_site: body.published_on_site ? 1 : 0,
      } as OrganizerWritable & { published_on_site: number };
      const id = await insertOrganizer(s.db, fields, { first_name_ru: null, last_name_ru: null, ...expert } as MainExpertWritable, s.date());
      return view(id, ctx.locale);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/organizer/update', tags, summary: 'Changes an organizer and its main expert (staff)',
    description: `${writes} Any of create's fields but published_on_site: a field left out keeps its value, '' clears an optional text. 404 for an unknown id. Answers the organizer as view does.`,
    query: OrganizerIdQuery, body: OrganizerUpdateBody, answer: OrganizerAdminAnswer, errors: [401, 403, 404],
    handler: async ({ query, body, request, reply, ctx }) => {
      personal(reply);
      await requireWriter(request);
      await checkRegion(body.region_id);
      const { organizer, expert } = writable(body);
      if (!(await updateOrganizer(s.db, query.id, organizer, expert, s.date()))) throw notFound('Organizer not found');
      return view(query.id, ctx.locale);
    },
  });

  router.add({
    method: 'POST', url: '/crm/api/organizer/set-published-on-site', tags, summary: 'Publishes or hides an organizer on the site (staff)',
    description: `${writes} Hidden, every public call about it (public-info, info, verification-info, organizer-reviews) answers 404 at once. 404 for an unknown id. Answers the organizer as view does.`,
    body: OrganizerPublishBody, answer: OrganizerAdminAnswer, errors: [401, 403, 404],
    handler: async ({ body, request, reply, ctx }) => {
      personal(reply);
      await requireWriter(request);
      if (!(await setOrganizerPublished(s.db, body.id, body.published_on_site, s.date()))) throw notFound('Organizer not found');
      return view(body.id, ctx.locale);
    },
  });
}
