/** GET /api-docs/openapi.json (generated from the shared schemas) and a minimal HTML index at /api-docs. */
import type { FastifyInstance } from 'fastify';
import { buildOpenApi, type JsonSchema } from '../lib/openapi';
import type { ApiRouter } from './router';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function registerDocsRoutes(app: FastifyInstance, router: ApiRouter): void {
  let doc: JsonSchema | null = null;
  const openapi = (): JsonSchema =>
    (doc ??= buildOpenApi(router.docs, {
      title: 'Tours marketplace API',
      version: '0.1.0',
      description: 'Calls of public-site §7 and accounts-and-comms §7. Errors: { message, errors?, data? }.',
    }));
  app.get('/api-docs/openapi.json', async () => openapi());
  app.get('/api-docs', async (_request, reply) => {
    const rows = router.docs
      .map((r) => `<tr><td><code>${r.method}</code></td><td><code>${escapeHtml(r.url)}</code></td><td>${escapeHtml(r.summary)}</td></tr>`)
      .join('');
    const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>API docs</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem;max-width:70rem}td{padding:.25rem .75rem;border-bottom:1px solid #ddd;vertical-align:top}</style></head>
<body><h1>Tours marketplace API</h1><p>The OpenAPI description: <a href="/api-docs/openapi.json">/api-docs/openapi.json</a>.
Common headers: X-Language, X-Localization, X-Currency. Errors: <code>{ message, errors?, data? }</code>.</p>
<table><thead><tr><th>Method</th><th>Path</th><th>Summary</th></tr></thead><tbody>${rows}</tbody></table></body></html>`;
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
