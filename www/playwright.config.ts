// Browser tests: Playwright driving Debian's chromium (never a downloaded
// browser) against the built page served by python3 -m http.server.
// Build first: scripts/test-web.sh does both.
import { defineConfig } from "@playwright/test";
import { launchOptions } from "./chromium.mjs";

const PORT = Number(process.env.MOKU_TEST_PORT ?? 8765);

export default defineConfig({
  testDir: "tests",
  outputDir: "test-results",
  timeout: 30_000,
  // Two workers, each test on its own: the engine's searches are bounded
  // by time, so the tests wait on the clock as much as on the processor.
  // The tests tagged @timing run alone afterwards (scripts/test-web.sh).
  fullyParallel: true,
  workers: 2,
  forbidOnly: !!process.env.CI,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}/`,
    launchOptions,
    viewport: { width: 1100, height: 900 },
    acceptDownloads: true,
  },
  webServer: {
    command: `python3 -m http.server ${PORT} --bind 127.0.0.1`,
    url: `http://127.0.0.1:${PORT}/index.html`,
    reuseExistingServer: false,
    timeout: 20_000,
    stdout: "ignore",
    stderr: "ignore",
  },
});
