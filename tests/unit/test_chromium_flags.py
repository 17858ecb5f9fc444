"""tools/chromium_flags.py: the one --disable-features Chromium honours
keeps every feature the pinned Playwright turns off, and adds the omnibox's
WebUI popups (a renderer of their own for every tab in headless Chromium 156)."""

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

import chromium_flags  # noqa: E402


def playwright_disabled_features():
    playwright = pytest.importorskip("playwright")
    bundle = Path(playwright.__file__).parent / "driver/package/lib/coreBundle.js"
    if not bundle.is_file():
        pytest.skip(f"no {bundle}")
    text = bundle.read_text(encoding="utf-8")
    start = text.index("disabledFeatures = [")
    body = text[start:text.index("];", start)]
    return re.findall(r'^\s*"([A-Za-z0-9]+)"', body, re.M)


def ours():
    flags = [a for a in chromium_flags.CHROMIUM_ARGS if a.startswith("--disable-features=")]
    assert len(flags) == 1, flags
    return flags[0].split("=", 1)[1].split(",")


def test_our_disable_features_keeps_playwrights_own():
    theirs = playwright_disabled_features()
    assert len(theirs) > 10, theirs  # the list was found
    assert set(theirs) <= set(ours()), sorted(set(theirs) - set(ours()))


def test_the_omnibox_webui_popups_are_off():
    assert {"WebUIOmniboxPopup", "WebUIOmniboxFullPopup", "WebUIOmniboxAimPopup"} <= set(ours())
