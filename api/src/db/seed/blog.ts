/** Blog categories and posts (en and cn texts; de/ru fall back to en). */
import { BLOG_CATEGORIES, BLOG_PARAGRAPHS, BLOG_TITLES } from './data/texts';
import type { Rng } from './prng';
import { addDays, slugify } from './text';
import type { RegionInfo, Rows } from './types';

export function generateBlog(rng: Rng, regions: RegionInfo[], today: string, count: number): Pick<Rows, 'blog_categories' | 'blog_posts'> {
  const categories: Rows['blog_categories'] = BLOG_CATEGORIES.map((c, i) => ({
    id: i + 1, slug: c.key, position: i + 1, name_en: c.en, name_cn: c.cn, name_de: c.de, name_ru: c.ru,
  }));
  const posts: Rows['blog_posts'] = [];
  for (let id = 1; id <= count; id++) {
    const categoryIndex = (id - 1) % BLOG_CATEGORIES.length;
    const category = BLOG_CATEGORIES[categoryIndex];
    if (!category) continue;
    const region = rng.weighted(regions, (r) => r.seed.w);
    const place: [string, string] = [region.short.en, region.short.cn];
    const template = rng.pick(BLOG_TITLES[category.key] ?? []);
    const title: [string, string] = [template[0](place[0]), template[1](place[1])];
    const paragraphs = [BLOG_PARAGRAPHS[0], ...rng.sample(BLOG_PARAGRAPHS.slice(1), rng.int(2, 4))].filter((p): p is NonNullable<typeof p> => !!p);
    const body = (lang: 0 | 1): string => {
      const heading = lang === 0 ? `<h2>${place[0]} at a glance</h2>` : `<h2>${place[1]}概览</h2>`;
      return heading + paragraphs.map((p) => `<p>${p[lang](place[lang])}</p>`).join('');
    };
    const first = paragraphs[0];
    const slug = `${slugify(title[0])}-${id}`;
    posts.push({
      id, category_id: categoryIndex + 1, region_id: region.id, slug_en: slug, slug_cn: slug, slug_de: slug, slug_ru: slug,
      title_en: title[0], title_cn: title[1], title_de: null, title_ru: null,
      summary_en: first ? first[0](place[0]) : title[0], summary_cn: first ? first[1](place[1]) : title[1],
      body_en: body(0), body_cn: body(1), author_name_en: 'Editorial team', author_name_cn: '编辑部',
      published_at: addDays(today, -(count - id) * 7 - rng.int(0, 6)), reading_time_minutes: 2 + paragraphs.length,
      is_published: id % 23 === 0 ? 0 : 1,
    });
  }
  return { blog_categories: categories, blog_posts: posts };
}
