import { tourOfPage } from './tour-of-page';

describe('tourOfPage: the tour a help request from the layout records (issue 29)', () => {
  test.each<[string, Parameters<typeof tourOfPage>[0], Parameters<typeof tourOfPage>[1], number | undefined]>([
    ['a tour page: the slug\'s number', { name: 'tour-page', params: { slug: 'svir-tour-1001' } }, null, 1001],
    ['the order page: its id', { name: 'request-page', params: { id: '1354' } }, null, 1354],
    ["a removed tour's page (404 removed_from_publication): still that tour", { name: 'tour-page', params: { slug: 'old-tour-77' } }, { status: 404, data: { reason: 'removed_from_publication' } }, 77],
    ['an unknown tour (404): none, the API would refuse it', { name: 'tour-page', params: { slug: 'no-such-tour-99999' } }, { status: 404 }, undefined],
    ['the order page of an error: none', { name: 'request-page', params: { id: '5' } }, { status: 503 }, undefined],
    ['an id past the API\'s bound: none', { name: 'tour-page', params: { slug: 'x-99999999999' } }, null, undefined],
    ['another page: none', { name: 'visa-page', params: {} }, null, undefined],
    ['no route: none', null, null, undefined],
  ])('%s', (_name, route, error, expected) => expect(tourOfPage(route, error)).toBe(expected));
});
