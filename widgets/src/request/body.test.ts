import { HelpRequestData, missingHelpRequestFields } from '@tours/shared/src/api/schemas/requests';
import { create } from 'superstruct';
import { helpRequestBody } from './send';

const config = { kind: 'request' as const, partner: 'agency-42', locale: 'en' as const, currency: 'EUR', color: null, target: '_blank' as const, utmCampaign: 'spring', utmContent: null };

test('a widget request: common_help with the partner id, utm_source, referer, timezone and the "request from" line (§7.4)', () => {
  const body = helpRequestBody({ name: 'Anna', phone: '+79161234567', comment: 'Baikal in March' }, config, 'https://agency.example/tours?x=1', -1);
  expect(body).toEqual({
    data: {
      type: 'common_help', name: 'Anna', phone: '+79161234567', comment: 'Baikal in March\nrequest from https://agency.example/tours?x=1', timezone: -1,
      referer: 'https://agency.example/tours?x=1', agree: true, click_source: 'partner_widget', partner_id: 'agency-42', utm_source: 'agency-42', utm_campaign: 'spring',
    },
  });
  // The API's own schema accepts it.
  const data = create(body.data, HelpRequestData);
  expect(missingHelpRequestFields(data)).toEqual({});
});

test('without a comment the line stands alone; without a partner nothing is credited', () => {
  const body = helpRequestBody({ name: 'Anna', phone: '+79161234567', comment: '' }, { ...config, partner: null, utmCampaign: null }, 'https://a.example/', 2);
  expect(body.data.comment).toBe('request from https://a.example/');
  expect(body.data).not.toHaveProperty('partner_id');
  expect(body.data).not.toHaveProperty('utm_source');
});
