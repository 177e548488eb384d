import { useHost } from '@tours/shared/core';
import { sizedImage } from '@tours/shared/domain';
import type { BlogPostCard } from '@tours/shared/api';
import { Link } from '@tours/shared/kit';
import './common.css';

/** Blog post cards: the main page's latest posts, the blog index and an article's similar posts. */
export function BlogCards({ posts, summaries = true }: { posts: readonly BlogPostCard[]; summaries?: boolean }) {
  const host = useHost();
  return (
    <ul className="srch-cards">
      {posts.map((p) => (
        <li key={p.id} className="srch-card">
          <img src={sizedImage(p.image, '400x400')} alt={p.image_alt ?? ''} width={400} height={400} loading="lazy" />
          <Link href={host.href('blog-article-id', { slug: p.slug })}>{p.title}</Link>
          {summaries && <p>{p.summary}</p>}
        </li>
      ))}
    </ul>
  );
}
