import { defineConfig, devices } from '@playwright/test';

/** Browser journeys against a running server (the test runner starts it with the demo library). */
export default defineConfig({
  testDir: './e2e',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON ?? 'test-results/results.json' }]],
  use: {
    baseURL: process.env.E2E_BASE_URL ?? 'http://127.0.0.1:8080',
    trace: 'off',
    screenshot: 'only-on-failure',
    // As a visitor who asks for less motion: no transition frames painted on the CPU (decision
    // 0081); chrome.spec.ts checks the transitions are there for one who does not.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
});
