"""Issue 28 item 2: the page's own words come from its message tables
(static/js/messages/en.js, de.js; i18n.js t(key)), so a German page shows no
English. No string literal in static/js/ outside messages/ may hold words a
person reads: two words of letters with a space between. Class lists
(`class: 'btn primary'`), the console's words and the few strings listed in
ALLOWED (each with its reason) are not read by a player."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"

# A literal: '...', "..." or `...` (a template's ${...} parts are code, not words).
LITERAL = re.compile(r"'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`")
TEMPLATE_PART = re.compile(r"\$\{[^}]*\}")
# an escape (\u00b7, \n) between words separates them as a space does
ESCAPE = re.compile(r"\\(?:u[0-9a-fA-F]{4}|[nt])")
# two words of letters with a space between ("not stored", "The link is")
WORDS = re.compile(r"[A-Za-z]{2,}(?:['\u2019][a-z]+)?[ \u00a0]+[A-Za-z]{2,}")
# what stands right before a class list: `class: '...'`, `className = '...'`, `classList.add('...'`
CLASS_CONTEXT = re.compile(r"(?:\bclass\s*:|\bclassName\s*=|\bclassList\.\w+\()\s*$")
# the console's words are for developers, not for the table
CONSOLE_CONTEXT = re.compile(r"\bconsole\.\w+\([^\n]*$")

# (file, literal) -> why it is no word a player reads
ALLOWED = {
    ("sw-register.js", "registration refused"):
        "the error of a refused service worker goes to console.warn only (the page works without it)",
}


def _code(text):
    """The JS without comments (a // inside a string such as https:// stays)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return re.sub(r"(^|[^:'\"`\\])//[^\n]*", r"\1", text)


def english_literals(text):
    """The string literals of JS `text` that hold words a person reads:
    [(line, literal)], class lists and the console's words left out."""
    code = _code(text)
    found = []
    for m in LITERAL.finditer(code):
        inner = m.group(0)[1:-1]
        if not WORDS.search(ESCAPE.sub(" ", TEMPLATE_PART.sub(" ", inner))):
            continue
        before = code[max(0, m.start() - 200):m.start()]
        if CLASS_CONTEXT.search(before) or CONSOLE_CONTEXT.search(before):
            continue
        found.append((code.count("\n", 0, m.start()) + 1, inner))
    return found


def test_static_js_holds_no_english_outside_its_message_tables():
    found = {}
    for path in sorted(JS.rglob("*.js")):
        rel = path.relative_to(JS)
        if rel.parts[0] == "messages":
            continue
        hits = [(line, s) for line, s in english_literals(path.read_text(encoding="utf-8"))
                if (path.name, s) not in ALLOWED]
        if hits:
            found[str(rel)] = hits
    assert found == {}, "use t(key) and a key in messages/en.js and de.js"


def test_every_allowed_literal_is_still_there():
    # an entry whose string is gone is a stale excuse
    for name, literal in ALLOWED:
        assert literal in {s for _, s in english_literals((JS / name).read_text(encoding="utf-8"))}, (name, literal)


def test_the_scan_finds_words_and_leaves_out_code():
    sample = "\n".join([
        "return { error: 'The link has no inputs.' };",              # words: found
        "const e = new Error(`${what} took longer than ${s} s`);",   # a template's words: found
        "el('span', { class: 'badge unsaved' }, x);",               # a class list
        "node.className = 'btn primary';",
        "console.warn('[tablecheck] not registered:', error);",     # the console
        "const sel = '#odds .row > td';",                           # a selector: no two words of letters
        "t('share.bad.inputs'); const k = 'tablecheck:status';",    # keys and event names
        "x.textContent = `changed \\u00b7 default ${v}`;",          # words around an escape: found
        "// a comment with words",
        "/* and another one */",
    ])
    assert [s for _, s in english_literals(sample)] == ["The link has no inputs.", "${what} took longer than ${s} s",
                                                           "changed \\u00b7 default ${v}"]
    assert english_literals("x = 'it\u2019s here';") == [(1, "it\u2019s here")]
