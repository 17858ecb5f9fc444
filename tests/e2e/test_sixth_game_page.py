"""Issue 12: a sixth game costs no JavaScript. A site built with the
test-only game of tests/sixth_game.py (never in the real build) is
picked, a character made from its sheet fills the form, it is rolled with
entered dice, shown with its odds and listed in history by the real page;
its static/ is byte for byte the real one."""

import hashlib
from pathlib import Path

import pytest

from tablecheck import api
import sixth_game as omens
from page_tools import LATEST

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
LONG = 60_000


@pytest.fixture(scope="module")
def omens_site(tmp_path_factory):
    import build as site_build  # tools/ (tests/e2e/conftest.py puts it on sys.path)
    from serve import Server
    out = tmp_path_factory.mktemp("omens") / "dist"
    site_build.build(ROOT, out, extra_systems=[ROOT / "tests" / "sixth_game.py"])
    server = Server(out).start()
    server.dir = out
    yield server
    server.stop()


def digest_tree(base):
    return {p.relative_to(base).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(base.rglob("*")) if p.is_file() and "vendor" not in p.relative_to(base).parts}


def test_the_test_build_changes_nothing_under_static(omens_site):
    assert digest_tree(omens_site.dir / "static") == digest_tree(ROOT / "static")


def test_a_sixth_game_is_picked_filled_rolled_shown_and_listed(browser, omens_site, monkeypatch):
    systems = dict(api._systems())
    systems["omens"] = omens.SYSTEM
    monkeypatch.setattr(api, "_SYSTEMS", systems)
    context = browser.new_context(viewport={"width": 1024, "height": 768}, reduced_motion="reduce")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(omens_site.url)
        page.wait_for_selector("html[data-engine=ready][data-ui=ready]", timeout=LONG)
        page.check("#game-omens")
        page.wait_for_selector(".check-form[data-system=omens][data-check=read]")
        assert page.get_attribute("#game-omens", "aria-label") == "Omens (test game)"
        # a character from the game's own sheet
        page.click("#open-characters")
        page.click("#character-new")
        page.fill('.char-editor [data-path="name"] input', "Sibyl")
        page.fill('.char-editor [data-path="numbers.SIGHT"] input', "5")
        page.click("#character-save")
        page.wait_for_selector('#character-list .char-item:has-text("Sibyl")')
        page.keyboard.press("Escape")
        page.locator('select[data-fill=""]').select_option(label="Sight 5")
        assert page.input_value('input[data-path="bones"]') == "5"
        page.wait_for_function(
            "() => { const o = document.querySelector('#odds'); return o.dataset.seq && !o.classList.contains('stale')"
            f" && ({LATEST}('odds-shown') || {{}}).bones === 5; }}", timeout=LONG)
        want = api.odds({"system": "omens", "check": "read", "bones": 5, "needed": 1})
        rows = page.locator("#odds .odds-row").evaluate_all("els => els.map(e => [e.dataset.outcome, Number(e.dataset.p)])")
        assert [r[0] for r in rows] == [r["id"] for r in want["display"]["outcomes"]]
        for oid, p in rows:
            assert p == pytest.approx(want["outcomes"][oid], abs=1e-12)
        assert page.locator('#odds figure[data-key="good_omens"] .col').count() == 6
        # rolled with the dice of the table
        page.locator("#entered-toggle").click(force=True)
        for i, face in enumerate([6, 5, 1, 2, 5]):
            page.wait_for_function(f"() => Number(document.querySelector('#entered-dice').dataset.count || 0) > {i}", timeout=LONG)
            page.locator(".die-input").nth(i).fill(str(face))
        page.click("#roll")
        page.wait_for_function("() => { const r = document.querySelector('#result'); const c = r.querySelector('.result-card');"
                               " return c && r.dataset.saved === c.dataset.entry; }", timeout=LONG)
        card = page.locator("#result .result-card")
        assert card.get_attribute("data-tone") == "good"
        assert card.locator(".result-outcome").inner_text() == "Favoured"
        assert " ".join(card.locator(".result-key").inner_text().split()) == "Good omens 3"
        assert "Read the omens: Sight" in card.locator(".result-context").inner_text()
        assert "Sibyl" in card.locator(".result-context").inner_text()
        page.click("#open-history")
        assert "Sibyl, Sight: favoured, 3 good omens" in page.locator("#history-list .history-open").first.inner_text()
        assert errors == []
    finally:
        context.close()
