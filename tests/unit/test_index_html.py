"""index.html asks for the start's files with the page (issue 13: no task of
ours over 50 ms after first paint). Without the preloads, the page's modules
came one import level at a time and the catalog only once they had run, so
the start's form was drawn while the engine's worker was at its busiest; in
interleaved cold visits, 5 of 14 had a long task of ours, against 0 of 14
with them (docs/benchmarks.md, stop 23). tests/e2e/test_shipped_catalog.py
checks in the browser that each preload is used, not fetched twice."""

import re
from html.parser import HTMLParser
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
JS = ROOT / "static" / "js"
IMPORT = re.compile(r"^(?:import|export)\s[^;]*?\sfrom\s+'\./([\w-]+\.js)';", re.M)


class Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links, self.scripts = [], []

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link":
            self.links.append(a)
        elif tag == "script" and a.get("type") == "module":
            self.scripts.append(a["src"])


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


def test_the_catalog_is_preloaded_as_app_js_fetches_it():
    # fetch('./catalog.json') is mode cors, credentials same-origin: a preload
    # `as="fetch" crossorigin` (anonymous) is the same request and is reused
    p = page()
    assert "fetch('./catalog.json')" in (JS / "app.js").read_text(encoding="utf-8")
    catalog = [a for a in p.links if a.get("href") == "./catalog.json"]
    assert catalog == [{"rel": "preload", "href": "./catalog.json", "as": "fetch", "crossorigin": None}]


def test_the_preloads_come_after_the_stylesheets():
    # the stylesheets block the first paint; the preloads must not queue before them
    rels = [a.get("rel") for a in page().links]
    last_style = max(i for i, rel in enumerate(rels) if rel == "stylesheet")
    first_preload = min(i for i, rel in enumerate(rels) if rel in ("modulepreload", "preload"))
    assert last_style < first_preload
