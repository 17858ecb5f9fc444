"""Chromium flags shared by the browser tests and the benchmarks: headless on
a closed network, and every host but 127.0.0.1 unresolvable so a page that
reaches for another origin fails loudly instead of hanging.

The omnibox's WebUI popups are off: headless Chromium 156 renders them as a
page of its own for every new tab (a "WebUI Top Renderer" process), which
cost 1.2 s of CPU on these 2-core machines for a tab with a blank page
(Chromium trace, 2026-12-01), and so competed with every page under test
alike. No page loads them; a tablet's browser has no such renderer.
Chromium honours one --disable-features, the last, and Playwright passes its
own before ours: ours repeats Playwright's list (1.65.2, chromiumSwitches.ts;
tests/unit/test_chromium_flags.py keeps the two in step)."""

PLAYWRIGHT_DISABLED_FEATURES = [
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding",
    "ThirdPartyStoragePartitioning", "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin",
    "OptimizationHints", "NetworkTimeServiceQuerying", "AimEnabled", "PreconnectToSearch",
    "msForceBrowserSignIn", "msEdgeUpdateLaunchServicesPreferredVersion", "SkipListAccountsWithoutGaiaCookies",
]
OMNIBOX_WEBUI = ["WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"]

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + OMNIBOX_WEBUI),
    "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1",
]
