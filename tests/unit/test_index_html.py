"""index.html asks for the start's files with the page (issue 13: no task of
ours over 50 ms after first paint). Without the preloads, the page's modules
came one import level at a time and the catalog only once they had run, so
the start's form was drawn while the engine's worker was at its busiest; in
interleaved cold visits, 5 of 14 had a long task of ours, against 0 of 14
with them (docs/benchmarks.md, stop 23). tests/e2e/test_shipped_catalog.py
checks in the browser that each preload is used, not fetched twice, and
tests/engines/ that no file of a cold start is fetched twice in Firefox and
WebKit."""

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"
IMPORT = re.compile(r"""^(?:import|export)\s[^;]*?\sfrom\s+["']\./([\w/-]+\.js)["'];""", re.M)


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.scripts, self.inline = [], [], []
        self.order = []  # ("link", rel) and ("script", "inline" | src), in document order
        self._in_inline = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link":
            self.links.append(a)
            self.order.append(("link", a.get("rel")))
        elif tag == "script":
            self.order.append(("script", a.get("src") or "inline"))
            if a.get("type") == "module":
                self.scripts.append(a["src"])
            self._in_inline = "src" not in a and a.get("type") is None

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_inline = False

    def handle_data(self, data):
        if self._in_inline:
            self.inline.append(data)


def page():
    parser = Links()
    parser.feed((ROOT / "index.html").read_text(encoding="utf-8"))
    return parser


def start_graph(entry="app.js"):
    """Every module static/js/<entry> imports statically, at any depth."""
    seen, todo = set(), [entry]
    while todo:
        for name in IMPORT.findall((JS / todo.pop()).read_text(encoding="utf-8")):
            if name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def test_the_import_scan_finds_imports_at_every_depth():
    graph = start_graph()
    assert {"table.js", "forms.js", "odds.js"} <= graph  # app.js -> table.js -> forms.js
    assert "codes.js" in graph  # app.js -> table.js -> followup.js -> entered.js -> codes.js
    assert "codes.js" not in IMPORT.findall((JS / "app.js").read_text(encoding="utf-8"))


def test_every_module_of_the_start_is_preloaded_and_nothing_else():
    p = page()
    preloaded = [a["href"] for a in p.links if a.get("rel") == "modulepreload" and a["href"].startswith("./static/js/")]
    own_tags = {src.removeprefix("./static/js/") for src in p.scripts if src.startswith("./static/js/")}
    want = sorted(start_graph() - own_tags)  # a <script> tag fetches its own module already
    assert preloaded == [f"./static/js/{name}" for name in want]
    assert all((ROOT / href).is_file() for href in preloaded)


EARLY = re.compile(r'for \(const path of \[([^\]]*)\]\)')


def test_the_worker_script_and_the_catalog_are_fetched_by_the_page_itself_not_preloaded():
    # WebKit never hands a `preload as="fetch"` to fetch() (its memory cache
    # reuses no raw resource): with preloads, catalog.json and py/engine.py
    # came twice there. The page's inline script fetches them and hands each
    # to the fetch() that asks with no options (startup.js; PyScript for the
    # worker's script); tests/engines/ counts one GET each in every engine.
    p = page()
    assert not [a for a in p.links if a.get("rel") == "preload" and a.get("as") == "fetch"]
    early = [m for text in p.inline for m in EARLY.findall(text)]
    assert len(early) == 1
    assert re.findall(r'"([^"]+)"', early[0]) == ["./py/engine.py", "./catalog.json"]
    assert "fetch('./catalog.json')" in (JS / "startup.js").read_text(encoding="utf-8")
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<script type="py" worker [^>]*src="\./py/engine\.py"', html)


def test_the_preloads_and_early_fetches_come_after_the_stylesheets():
    # the stylesheets block the first paint; the preloads must not queue before them
    order = page().order
    last_style = max(i for i, item in enumerate(order) if item == ("link", "stylesheet"))
    first_preload = min(i for i, item in enumerate(order)
                        if item in (("link", "modulepreload"), ("link", "preload"), ("script", "inline")))
    assert last_style < first_preload
