"""The fonts of the start, laid out before the first paint (index.html's
#font-warm sample; issue 13: no long task of ours after the first paint).
On a fresh start each family, size and weight costs the browser a font
lookup; the sample makes them all before anything is shown. These tests keep
the sample in step with the page: every font and every character beyond
ASCII that the page's text uses, in each game's form and its odds, at a
landscape and a portrait tablet's size, is in it."""

from conftest import READY_TIMEOUT_MS, wait_ready

ODDS_DRAWN = ("() => { const o = document.querySelector('#odds');"
              " return o.dataset.seq && !o.classList.contains('stale') && o.getAttribute('aria-busy') === null; }")

# [font key, text] of every visible text node and form control under `root`
# (`root` = the sample: its spans' texts, whether shown or not)
TEXTS = r"""(sample) => {
  const root = sample ? document.getElementById('font-warm') : document.body;
  const key = (e) => { const s = getComputedStyle(e); return [s.fontStyle, s.fontWeight, s.fontSize, s.fontFamily].join(' '); };
  const out = [];
  const walk = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const e = n.parentElement;
    if (!n.data.trim() || (!sample && (!e.getClientRects().length || e.closest('#font-warm')))) continue;
    out.push([key(e), n.data]);
  }
  if (!sample) {
    for (const e of root.querySelectorAll('input:not([type=radio]):not([type=checkbox]), select, textarea')) {
      if (e.getClientRects().length) out.push([key(e), `${e.value || ''}${e.placeholder || ''}`]);
    }
  }
  return out;
}"""


def wide_chars(texts):
    return {c for _, text in texts for c in text if ord(c) > 126}


def served_sample(browser, site):
    """[font key, text] of the sample as served (no script runs: app.js removes it once the start is done)."""
    context = browser.new_context(service_workers="block", java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(site.url)
        return page.evaluate(TEXTS, True)
    finally:
        context.close()


def test_the_font_sample_is_in_the_page_before_its_scripts_run(browser, site):
    """Laid out with the document's first layout: in the HTML as served,
    hidden, and outside what assistive technology reads."""
    context = browser.new_context(service_workers="block", java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(site.url)
        sample = page.locator("#font-warm")
        assert sample.count() == 1 and sample.get_attribute("aria-hidden") == "true"
        assert page.evaluate("getComputedStyle(document.getElementById('font-warm')).visibility") == "hidden"
        assert page.evaluate("document.getElementById('font-warm').getBoundingClientRect().right") < 0  # off screen
    finally:
        context.close()
    assert len(served_sample(browser, site)) >= 20


def test_the_sample_holds_every_font_and_symbol_of_each_games_form_and_odds(browser, site):
    sample = served_sample(browser, site)
    fonts, chars = {k for k, _ in sample}, wide_chars(sample)
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 800})
    page = context.new_page()
    try:
        page.goto(site.url)
        assert wait_ready(page) == "ready"
        page.wait_for_function("() => document.documentElement.dataset.ui === 'ready'", timeout=READY_TIMEOUT_MS)
        page.wait_for_function("() => !document.getElementById('font-warm')", timeout=READY_TIMEOUT_MS)
        games = page.locator("input[name=game]").evaluate_all("els => els.map((e) => e.id)")
        assert len(games) >= 5
        seen = []
        for size in ({"width": 1280, "height": 800}, {"width": 800, "height": 1280}):
            page.set_viewport_size(size)
            for game in games:
                page.click(f"label[for={game}]")
                page.wait_for_function(ODDS_DRAWN, timeout=READY_TIMEOUT_MS)
                texts = page.evaluate(TEXTS, False)
                seen += [(size["width"], game, key, text) for key, text in texts]
        missing = sorted({(key, f"{game} at {width} px: {text.strip()[:30]}") for width, game, key, text in seen
                          if key not in fonts})
        assert not missing, f"fonts missing from index.html #font-warm: {missing[:8]}"
        assert wide_chars([(k, t) for _, _, k, t in seen]) <= chars
    finally:
        context.close()
