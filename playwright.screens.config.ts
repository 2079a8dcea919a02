import { defineConfig } from '@playwright/test';
import base from './playwright.config';

/** `npm run screenshots`: the review pictures of e2e/screens, on the same server setup as the browser tests. */
export default defineConfig({ ...base, testDir: 'e2e/screens', testIgnore: [], workers: 2 });
