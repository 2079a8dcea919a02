import { z } from 'zod';

/** GET /api/installers: the desktop installers the operator has published under /installers/. */
export const installerFileSchema = z.object({
  platform: z.enum(['windows', 'mac']),
  filename: z.string(),
  url: z.string(),
  size: z.number().int().nonnegative(),
  updatedAt: z.string(),
});
export type InstallerFile = z.infer<typeof installerFileSchema>;
export const installersResponseSchema = z.object({ installers: z.array(installerFileSchema) });
export type InstallersResponse = z.infer<typeof installersResponseSchema>;
