import { execFileSync } from 'node:child_process';
import type { FullConfig } from '@playwright/test';

/** Names the browser before any test runs, so a failure report says which Chromium it came from. */
export default function globalSetup(config: FullConfig) {
  const executable = config.projects[0]?.use.launchOptions?.executablePath ?? 'chromium';
  const version = execFileSync(executable, ['--version'], { encoding: 'utf8' }).trim();
  console.log(`Browser tests on ${version} (${executable})`);
}
