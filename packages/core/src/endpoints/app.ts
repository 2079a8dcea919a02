import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import { trendsQuerySchema, trendsSchema } from '../documents';
import { healthDetailsSchema, healthSchema } from '../health';
import { installersResponseSchema } from '../installers';
import { preferencesResponseSchema, preferencesSchema } from '../layout-schemas';
import { defineEndpoint } from './define';

/** The launcher's own endpoints: saved layout, writing trends, desktop installers. */
export const appApi = {
  preferences: defineEndpoint({
    method: 'GET',
    path: '/api/me/preferences',
    access: 'user',
    tag: 'preferences',
    summary: 'The saved launcher layout and theme (null before the first save)',
    responses: { 200: preferencesResponseSchema, 401: apiErrorSchema },
  }),
  savePreferences: defineEndpoint({
    method: 'PUT',
    path: '/api/me/preferences',
    access: 'user',
    tag: 'preferences',
    summary: 'Replace the launcher layout and theme',
    body: preferencesSchema,
    responses: { 200: preferencesResponseSchema, 401: apiErrorSchema, 413: apiErrorSchema, 422: apiErrorSchema },
  }),
  trends: defineEndpoint({
    method: 'GET',
    path: '/api/trends',
    // Anonymous callers are answered too (an invalid token counts as anonymous).
    access: 'optional',
    tag: 'writing',
    summary: "Trending hashtags and topics: Mastodon public trends, else the signed-in caller's own hashtags of the last 7 days, else none",
    query: trendsQuerySchema,
    responses: { 200: trendsSchema, 422: apiErrorSchema },
  }),
  installers: defineEndpoint({
    method: 'GET',
    path: '/api/installers',
    access: 'public',
    tag: 'downloads',
    summary: 'Desktop installers available on this server',
    responses: { 200: installersResponseSchema },
  }),
  installerFile: defineEndpoint({
    method: 'GET',
    path: '/installers/:file',
    access: 'public',
    tag: 'downloads',
    summary: 'Download an installer file',
    params: z.object({ file: z.string().max(300) }),
    responses: { 200: z.any().describe('The installer file (application/octet-stream)'), 404: apiErrorSchema },
  }),
};

/** /api/health: probes for the web app's connectivity check, load balancers and administrators. */
export const healthApi = {
  health: defineEndpoint({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    tag: 'system',
    summary: 'Up (200 ok) or down (503 degraded: the database cannot be reached); nothing else',
    responses: { 200: healthSchema, 503: healthSchema },
  }),
  live: defineEndpoint({
    method: 'GET',
    path: '/api/health/live',
    access: 'public',
    tag: 'system',
    summary: 'Liveness: the process is up (always 200 while it answers)',
    responses: { 200: healthSchema },
  }),
  ready: defineEndpoint({
    method: 'GET',
    path: '/api/health/ready',
    access: 'public',
    tag: 'system',
    summary: 'Readiness: 200 ok when the database and the blob storage are reachable, else 503 degraded',
    responses: { 200: healthSchema, 503: healthSchema },
  }),
  details: defineEndpoint({
    method: 'GET',
    path: '/api/health/details',
    access: 'admin',
    tag: 'system',
    summary: 'Health for administrators: version, database and storage kind and reachability, configured providers',
    responses: { 200: healthDetailsSchema, 401: apiErrorSchema, 403: apiErrorSchema, 503: healthDetailsSchema },
  }),
};
