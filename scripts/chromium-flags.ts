/** Debian's Chromium (apt-get install chromium); .ci/run installs it when missing. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

// Without the background-networking flags Chromium keeps dialling Google, which this machine refuses.
export const chromiumArgs = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"];
