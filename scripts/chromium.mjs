// How clslab launches Debian's Chromium for the browser tests and the benchmarks: one
// place for the executable and the flags (docs/TOOLCHAIN.md). Browser downloads do not work
// here, and without the background-networking flags Chromium keeps trying closed hosts.
export const chromiumLaunchOptions = {
  executablePath: '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-quic',
    '--disable-sync',
  ],
};
