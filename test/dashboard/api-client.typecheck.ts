/**
 * The dashboard's API client must stay typed from the served document: `tsc --noEmit` (a CI step) fails when
 * one of these lines compiles, i.e. when a wrong route, parameter, body field or answer field goes unnoticed.
 * Never run; only type-checked.
 */
import { api } from '../../modules/dashboard/client/api';

export async function typedCalls(wsId: string) {
  // @ts-expect-error a route the server does not have
  await api.get('/api/workspaces/{wsId}/no-such-route', { params: { path: { wsId } } });
  // @ts-expect-error a route that exists, with a method it does not take
  await api.put('/api/workspaces/{wsId}/links/tags', { params: { path: { wsId } } });
  // @ts-expect-error a path parameter by a wrong name
  await api.get('/api/workspaces/{wsId}/links', { params: { path: { workspaceId: wsId } } });
  // @ts-expect-error the path parameters left out
  await api.get('/api/workspaces/{wsId}/links');
  // @ts-expect-error a query parameter the route does not take
  await api.get('/api/workspaces/{wsId}/links', { params: { path: { wsId }, query: { size: 5 } } });
  // @ts-expect-error a body field the route does not take
  await api.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'https://example.com', no_such_field: 1 } });
  // @ts-expect-error a body field of the wrong type
  await api.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 42 } });
  const { links } = await api.get('/api/workspaces/{wsId}/links', { params: { path: { wsId }, query: { limit: 5 } } });
  // @ts-expect-error an answer field the route does not give
  links[0]?.no_such_field;
  const slug: string | undefined = links[0]?.slug;
  return slug;
}

/** The same calls written correctly compile: the lines above fail for the reason they name. */
export async function rightCalls(wsId: string) {
  await api.post('/api/workspaces/{wsId}/links', { params: { path: { wsId } }, body: { target: 'https://example.com' } });
  await api.get('/api/workspaces/{wsId}/links', { params: { path: { wsId }, query: { limit: 5, sort: 'click_count' } } });
}
