"""Chromium flags shared by the browser tests and the benchmarks: headless on
a closed network, and every host but 127.0.0.1 unresolvable so a page that
reaches for another origin fails loudly instead of hanging."""

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
