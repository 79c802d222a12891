// How the browser tests (playwright.config.ts) and the web benchmarks
// (bench/run.mjs) launch Chromium: Debian's build, never a downloaded
// browser, headless with the background services that would fetch from the
// network or add noise to a measurement turned off.

/** Playwright's launch options for that Chromium (`MOKU_CHROMIUM` names another binary). */
export const launchOptions = {
  executablePath: process.env.MOKU_CHROMIUM ?? "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};
