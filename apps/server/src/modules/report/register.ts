import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { literatureRoutes } from '../literature';
import { plagiarismRoutes } from '../plagiarism';
import { reportRoutes } from './routes';

/** The Report Helper's APIs under one registration: /report, /plagiarism, /literature. */
export const reportHelperRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (api, { ctx }) => {
  await api.register(reportRoutes, { ctx, prefix: '/report' });
  await api.register(plagiarismRoutes, { ctx, prefix: '/plagiarism' });
  await api.register(literatureRoutes, { ctx, prefix: '/literature' });
};
