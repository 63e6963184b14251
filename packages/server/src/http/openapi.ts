import { allRoutes } from '@gatehouse/contracts';
import { z } from 'zod';

/** OpenAPI 3 document of every route, generated from the schemas that validate requests. */
export function openApiDocument(version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of allRoutes()) {
    const schema = z.toJSONSchema(r.input, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, unknown>;
      required?: string[];
    };
    const op: Record<string, unknown> = {
      operationId: `${r.module}.${r.name}`,
      tags: [r.module],
      security: r.access === 'public' ? [] : [{ token: [] }],
      'x-access': r.access,
      responses: {
        200:
          r.kind !== 'raw'
            ? { description: 'envelope {status, msgs, content}' }
            : r.name.startsWith('export')
              ? {
                  description: 'file (.xlsx, streamed); a list export over EXPORT_MAX_ROWS is refused up front (400), never cut',
                  headers: {
                    'x-export-rows': {
                      description: 'the rows of the file, counted before the answer starts (for a progress display)',
                      schema: { type: 'integer' },
                    },
                  },
                }
              : { description: 'file' },
        400: { description: 'validation error, one message per broken rule' },
        ...(r.access === 'public' ? {} : { 401: { description: 'not signed in' }, 403: { description: 'no permission' } }),
      },
    };
    if (r.method === 'GET') {
      op.parameters = Object.entries(schema.properties ?? {}).map(([name, s]) => {
        // A field the schema marks deprecated (an old name kept as an alias) is a deprecated parameter.
        const { deprecated, description } = s as { deprecated?: boolean; description?: string };
        return {
          name,
          in: 'query',
          required: schema.required?.includes(name) ?? false,
          ...(deprecated ? { deprecated: true } : {}),
          ...(description ? { description } : {}),
          schema: s,
        };
      });
    } else {
      const type = r.kind === 'multipart' ? 'multipart/form-data' : 'application/x-www-form-urlencoded';
      op.requestBody = { content: { [type]: { schema } } };
    }
    paths[`/api${r.path}`] = { ...(paths[`/api${r.path}`] ?? {}), [r.method.toLowerCase()]: op };
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Gatehouse API', version },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'token' } } },
    paths,
  };
}
