import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { configSchema, loadConfig } from './config';

// compose.yaml must work as written: its app services set only settings the server reads, with values the
// server accepts, each documented in the README; the proxy balances exactly those services on their port.
const root = join(import.meta.dirname, '..', '..', '..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

interface Service {
  build?: unknown;
  environment?: Record<string, string>;
  depends_on?: Record<string, unknown>;
}
const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
const apps = Object.entries(compose.services).filter(([, s]) => s.build !== undefined);

describe('compose.yaml', () => {
  it('runs at least two app processes from the Dockerfile', () => {
    expect(apps.length).toBeGreaterThanOrEqual(2);
  });

  it.each(apps)('%s sets only documented settings the server accepts', (_name, service) => {
    const env = service.environment ?? {};
    const readme = read('README.md');
    for (const key of Object.keys(env)) {
      expect(Object.keys(configSchema.shape), key).toContain(key);
      expect(readme, `${key} in the README's table`).toContain(`\`${key}\``);
    }
    // The values as the container sees them (the Dockerfile's ENV included) make a valid configuration.
    const dockerEnv = Object.fromEntries([...read('Dockerfile').matchAll(/^ENV (.+)$/gm)].flatMap((m) => m[1]!.split(/\s+/).map((pair) => pair.split('=') as [string, string])));
    const config = loadConfig({ ...dockerEnv, ...env });
    // Several processes need the shared database, bucket and sealing key, not per-process defaults.
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\//);
    expect(config.S3_BUCKET).toBeTruthy();
    expect(config.ENCRYPTION_KEY).toBeTruthy();
    expect(Object.keys(service.depends_on ?? {})).toEqual(expect.arrayContaining(['postgres']));
  });

  it('the proxy balances exactly the app services, on the port the image listens on', () => {
    const caddy = read('deploy/Caddyfile');
    // Compose sets no YUMI_* variables: the defaults are what it runs (the proxy test sets local addresses).
    const upstreams = /reverse_proxy \{\$YUMI_UPSTREAMS:([^}]+)\}/.exec(caddy)![1]!.trim().split(/\s+/);
    expect(caddy).toContain('{$YUMI_PROXY_ADDRESS::80}');
    const port = /PORT=(\d+)/.exec(read('Dockerfile'))![1];
    expect(upstreams.sort()).toEqual(apps.map(([name]) => `${name}:${port}`).sort());
    expect(caddy).toContain('health_uri /api/health/ready');
  });
});
