import type { Page } from "playwright-core";

/**
 * A mid-range phone on a slow mobile connection, as Lighthouse's mobile run simulates one
 * (the CPU 4 times slower, 150 ms a round trip, 1.6 Mbit/s down, 750 kbit/s up), applied to
 * `page` through the Chrome DevTools Protocol: tests/first-second.test.ts and
 * scripts/bench-hydration.ts run under it.
 */
export async function throttlePhone(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 150,
    downloadThroughput: (1638.4 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  });
}
