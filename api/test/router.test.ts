/** The router's answers: JSON as fastify would send it; a cached answer (the same object) is serialised once. */
import Fastify from 'fastify';
import { integer, string, type } from 'superstruct';
import { ApiRouter } from '../src/routes/router';

test('the same answer object is serialised once and sent as the same JSON; new objects are serialised anew', async () => {
  const app = Fastify();
  const router = new ApiRouter(app, { validateAnswers: true });
  const cached = { name: 'Altai', count: 3 };
  let fresh = 0;
  router.add({ method: 'GET', url: '/cached', tags: ['t'], summary: 's', answer: type({ name: string(), count: integer() }), handler: async () => cached });
  router.add({ method: 'GET', url: '/fresh', tags: ['t'], summary: 's', answer: type({ name: string(), count: integer() }), handler: async () => ({ name: 'Baikal', count: (fresh += 1) }) });
  await app.ready();
  const stringify = jest.spyOn(JSON, 'stringify');
  try {
    const first = await app.inject({ method: 'GET', url: '/cached' });
    const second = await app.inject({ method: 'GET', url: '/cached' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(second.body).toBe(first.body);
    expect(second.json()).toEqual(cached);
    expect(stringify.mock.calls.filter(([value]) => value === cached)).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/fresh' })).json()).toEqual({ name: 'Baikal', count: 1 });
    expect((await app.inject({ method: 'GET', url: '/fresh' })).json()).toEqual({ name: 'Baikal', count: 2 });
  } finally {
    stringify.mockRestore();
    await app.close();
  }
});
