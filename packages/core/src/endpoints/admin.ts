import { z } from 'zod';
import { apiErrorSchema } from '../api-error';
import { adminAuditQuerySchema, adminAuditResponseSchema } from '../account-schemas';
import { connectionListSchema, connectionSchema, connectionTestRequestSchema, connectionTestResultSchema, createConnectionSchema } from '../ai/connections';
import { defineEndpoint } from './define';

const errors = { 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema, 409: apiErrorSchema, 422: apiErrorSchema };
const idParams = z.object({ id: z.uuid() });
const admin = { access: 'admin', tag: 'admin' } as const;

/** /api/admin: the audit log and the language-model providers added at run time. */
export const adminApi = {
  audit: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/admin/audit',
    summary: 'Admins: the audit log of reviews and role changes, newest first',
    query: adminAuditQuerySchema,
    responses: { 200: adminAuditResponseSchema, 401: apiErrorSchema, 403: apiErrorSchema },
  }),
  connections: defineEndpoint({
    ...admin,
    method: 'GET',
    path: '/api/admin/connections',
    summary: 'Admins: the connected language-model providers (keys are never returned)',
    responses: { 200: connectionListSchema, ...errors },
  }),
  addConnection: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/admin/connections',
    summary: 'Admins: add a provider; a self-hosted server must list its models first',
    body: createConnectionSchema,
    responses: { 201: connectionSchema, ...errors },
  }),
  testConnection: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/admin/connections/:id/test',
    summary: 'Admins: send one short prompt and report the latency or the provider’s error',
    params: idParams,
    body: connectionTestRequestSchema,
    responses: { 200: connectionTestResultSchema, ...errors },
  }),
  refreshConnection: defineEndpoint({
    ...admin,
    method: 'POST',
    path: '/api/admin/connections/:id/refresh',
    summary: 'Admins: ask a self-hosted server again for its models',
    params: idParams,
    responses: { 200: connectionSchema, ...errors },
  }),
  removeConnection: defineEndpoint({
    ...admin,
    method: 'DELETE',
    path: '/api/admin/connections/:id',
    summary: 'Admins: remove a provider',
    params: idParams,
    responses: { 204: z.null(), ...errors },
  }),
};
