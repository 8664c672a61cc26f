import { defineConfig, devices } from '@playwright/test';

// tests/e2e/support/global-setup.ts starts the built app on a free port with a temporary DATA_DIR and passes its
// address on through E2E_BASE_URL (workers inherit it, and re-read this file).
export default defineConfig({
  testDir: 'tests/e2e',
  globalSetup: './tests/e2e/support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: /\.billing-clock\.spec\.ts$/ },
    // Specs that move the server's billing clock forward (for good): after every other spec.
    {
      name: 'billing-clock',
      use: { ...devices['Desktop Chrome'] },
      testMatch: /\.billing-clock\.spec\.ts$/,
      dependencies: ['chromium'],
    },
  ],
});
