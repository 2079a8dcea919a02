import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The @yumi/server package folder, found the same way from src/ (tsx, tests) and dist/ (bundled). */
function findServerRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const pkg = join(dir, 'package.json');
    if (existsSync(pkg) && JSON.parse(readFileSync(pkg, 'utf8')).name === '@yumi/server') return dir;
    const parent = dirname(dir);
    if (parent === dir) throw new Error('Cannot find the @yumi/server package folder');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsDir = join(serverRoot, 'migrations');
export const webDistDir = join(serverRoot, '..', 'web', 'dist');
/** The web app's translation files (source of record, present with or without a web build). */
export const webLocalesDir = join(serverRoot, '..', 'web', 'public', 'locales');
export const serverVersion: string = JSON.parse(readFileSync(join(serverRoot, 'package.json'), 'utf8')).version;
