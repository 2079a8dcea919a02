import { stat, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { installerPlatform, type InstallerFile } from '@yumi/core';
import type { AppContext } from '../../context';

/** The folder an operator drops installers into: INSTALLERS_DIR, or DATA_DIR/installers. */
const installersDir = (ctx: AppContext) => resolve(ctx.config.INSTALLERS_DIR ?? join(ctx.config.DATA_DIR, 'installers'));

/** A plain file name of an installer we recognise; anything with a path, a dot start or another type is not one. */
const SAFE_NAME = /^[A-Za-z0-9][A-Za-z0-9._ -]{0,200}$/;

export async function listInstallers(ctx: AppContext): Promise<InstallerFile[]> {
  const dir = installersDir(ctx);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return []; // no folder: nothing published on this server
  }
  const found: InstallerFile[] = [];
  for (const filename of names.sort()) {
    const platform = installerPlatform(filename);
    if (!platform || !SAFE_NAME.test(filename)) continue;
    const info = await stat(join(dir, filename)).catch(() => null);
    if (!info?.isFile()) continue;
    found.push({ platform, filename, url: `/installers/${encodeURIComponent(filename)}`, size: info.size, updatedAt: info.mtime.toISOString() });
  }
  return found;
}

/** The absolute path of a published installer, or null (unknown, hidden or not an installer). */
export async function installerPath(ctx: AppContext, filename: string): Promise<{ path: string; size: number } | null> {
  if (!SAFE_NAME.test(filename) || !installerPlatform(filename)) return null;
  const path = join(installersDir(ctx), filename);
  const info = await stat(path).catch(() => null);
  return info?.isFile() ? { path, size: info.size } : null;
}
