/** Organizers, their experts and reviews as answered (issue 30: shared by the organizer, tour, search and review calls, formerly in routes/organizers.ts). */
import type { ApiLocale } from '@tours/shared/src/api/schemas/common';
import {
  ORGANIZER_LEGAL_FORMS, ORGANIZER_LEGAL_FORM_VALUES, type Expert, type OrganizerLegalForm, type Review
} from '@tours/shared/src/api/schemas/organizers';
import * as q from '../db/queries/organizers';
import { t } from './i18n';
import { imageUrl } from './images';

export type ReviewRow = Awaited<ReturnType<typeof q.organizerReviewsPage>>[number];

export type ExpertRow = Awaited<ReturnType<typeof q.expertsOf>>[number];

/** A stored legal form as list 1 of §3 holds it (an unknown value reads as the first, a natural person). */
export function organizerLegalForm(value: number): OrganizerLegalForm {
  return (ORGANIZER_LEGAL_FORM_VALUES as readonly number[]).includes(value) ? value as OrganizerLegalForm : ORGANIZER_LEGAL_FORMS.natural_person;
}

export function expertPhoto(e: Pick<ExpertRow, 'id' | 'has_photo'>): string | null {
  return e.has_photo ? imageUrl('experts', `${e.id}-1`) : null;
}

export function expert(e: ExpertRow, locale: ApiLocale): Expert {
  return { first_name: t(e, 'first_name', locale), last_name: t(e, 'last_name', locale), photo: expertPhoto(e) };
}

/** A review row as answered (reviews keep their author's language). */
export function review(r: ReviewRow, locale: ApiLocale, organizerPhoto: string | null): Review {
  return {
    id: r.id,
    name: r.name,
    author_photo: r.has_photo ? imageUrl('reviewers', `${r.id}-1`) : null,
    rating: r.rating,
    type: r.target === 'organizer' ? 'organizer' : 'tour',
    date: r.date,
    body: r.body,
    images: Array.from({ length: r.image_count }, (_, i) => imageUrl('reviews', `${r.id}-${i + 1}`)),
    no_index_photo: r.no_index_photo === 1,
    review_from_another_site: r.review_from_another_site === 1,
    tour: r.tour_id !== null && r.slug_en ? { id: r.tour_id, slug: t(r, 'slug', locale), name: t(r, 'title', locale) } : null,
    reply_review: r.reply_title ? { title: r.reply_title, message: r.reply_message ?? '', organizer_data: { expert: { photo: { url: organizerPhoto } } } } : null,
    site_reply_review: r.site_reply_title ? { title: r.site_reply_title, message: r.site_reply_message ?? '', logo: imageUrl('site', 'logo-1') } : null,
  };
}
