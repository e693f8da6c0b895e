import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 8181);
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/padhub-e2e-${port}`;

/**
 * End-to-end journeys in Debian's Chromium (never a downloaded browser) at a phone's size, against
 * Padhub started as a newcomer starts it (the built web app, embedded database, seeded demo data).
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    browserName: 'chromium',
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 3,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    trace: 'off',
    // The app's service worker (offline shell) would hide requests from page.route; the offline
    // journey (first-screen.spec.ts) allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: {
    command: `rm -rf ${dataDir} && node --import tsx apps/server/src/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED: '1',
      LOG_LEVEL: 'warn',
      // Many logins from one address in a few minutes: the tests, not an attack.
      LOGIN_LIMIT_PER_IP: '1000',
      REGISTER_LIMIT_PER_IP: '1000',
      // Only the rate-limit journey (safety.spec.ts) should meet a limit: a person's comments are
      // capped low enough to reach in a test; every address limit stays at its generous default.
      RATE_LIMITS: 'comment.user=12/3600',
      // The insights journey reads figures the rollup counted a few seconds after the start (first pass: a quarter period).
      INSIGHTS_EVERY_SECONDS: '20',
      // Several people building at once can each test their own build (vite build --outDir …).
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    },
  },
});
