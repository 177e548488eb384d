import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useIntl } from 'react-intl';
import { PageHeader, PageSkeleton, ValidateSlugAnswer, routeAtom, useApiQuery, useHost } from '@tours/shared';

/** Search page for /{slug}: the slug is validated (§2.1); an invalid one is the platform's 404. */
export default function SearchPage() {
  const intl = useIntl();
  const host = useHost();
  const route = useAtomValue(routeAtom);
  const slug = route?.params.slug ?? '';
  const check = useApiQuery(`validate:${slug}`, (signal) => host.api.get('/spa/validate-slug', { schema: ValidateSlugAnswer, query: { slug }, signal }));
  const valid = check.data?.result.valid;
  useEffect(() => {
    if (valid === false) host.emit('page:error', { status: 404, kind: 'validation' });
  }, [valid, host]);
  if (!check.data) return <PageSkeleton />;
  const result = check.data.result;
  const title = result.kind === 'search' || !result.name ? intl.formatMessage({ id: 'page.tours.title' }) : result.name;
  return (
    <section>
      <PageHeader title={title} breadcrumbs={[{ url: host.href('index'), text: intl.formatMessage({ id: 'common.home' }) }, { text: title }]} />
    </section>
  );
}
