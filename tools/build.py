#!/usr/bin/env python3
"""Build the deployable static site into dist/.

    python3 tools/build.py [--out DIR] [--root DIR]

Writes: index.html, manifest.webmanifest, pyscript.json (generated: the
vendored interpreter plus every .py file of py/tablecheck/), py/ (the worker
entry and the package), static/ (JS, CSS, icons) with static/vendor/ (only
the PyScript and Pyodide files a page needs, copied from node_modules and
checked against tools/vendor-files.json), and sw.js generated from the
root sw.js template: its precache list is every other file of dist/ and its
cache name a content hash of them. Same inputs -> byte-identical dist/.

A vendored file that is missing or differs from its recorded SHA-256 stops
the build with a message naming it (exit status 1), so the page never meets
it at run time. Standard library only.
"""

import argparse
import hashlib
import json
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Site files copied as they are (relative to the repository root).
PAGE_FILES = ["index.html", "manifest.webmanifest"]
ENGINE_ENTRY = "py/engine.py"
PACKAGE_DIR = "py/tablecheck"
STATIC_DIR = "static"
SW_TEMPLATE = "sw.js"
CONFIG_TEMPLATE = "pyscript.json"
VENDOR_MANIFEST = "tools/vendor-files.json"
# Written by the build, never copied from the source tree.
VENDOR_OUT = "static/vendor"
SKIP_NAMES = {"__pycache__", ".DS_Store"}
SKIP_SUFFIXES = (".pyc", ".map", "~")


class BuildError(Exception):
    """A problem that must stop the build; the message names the file."""


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def _wanted(path):
    return not (path.name in SKIP_NAMES or path.name.endswith(SKIP_SUFFIXES)
                or any(part in SKIP_NAMES for part in path.parts))


def load_vendor_manifest(root):
    path = root / VENDOR_MANIFEST
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BuildError(f"{VENDOR_MANIFEST} is missing") from None
    except ValueError as exc:
        raise BuildError(f"{VENDOR_MANIFEST} is not valid JSON: {exc}") from None


def check_vendor(root, manifest):
    """Return [(source Path, dist-relative str)] after checking every vendored
    file exists, is non-empty and matches its recorded SHA-256."""
    problems = []
    pairs = []
    for package in manifest["packages"]:
        pkg_dir = root / "node_modules" / package["name"]
        pkg_json = pkg_dir / "package.json"
        if not pkg_json.is_file():
            problems.append(f"node_modules/{package['name']} is not installed (run `npm ci`)")
            continue
        version = json.loads(pkg_json.read_text(encoding="utf-8")).get("version")
        if version != package["version"]:
            problems.append(f"node_modules/{package['name']} is version {version}, "
                            f"the build needs {package['version']} exactly (run `npm ci`)")
            continue
        for rel, digest in sorted(package["files"].items()):
            src = pkg_dir / package["dir"] / rel
            shown = src.relative_to(root).as_posix()
            if not src.is_file():
                problems.append(f"vendored file missing: {shown}")
            elif src.stat().st_size == 0:
                problems.append(f"vendored file empty: {shown}")
            elif sha256(src) != digest:
                problems.append(f"vendored file corrupt (SHA-256 differs from {VENDOR_MANIFEST}): {shown}")
            else:
                pairs.append((src, f"{VENDOR_OUT}/{package['out']}/{rel}"))
    if not problems:
        left_out = {f"{VENDOR_OUT}/{p['out']}/{rel}" for p in manifest["packages"]
                    for rel in p.get("left_out", {})}
        problems = missing_imports(root, pairs, left_out)
    if problems:
        raise BuildError("\n".join(problems))
    return pairs


STATIC_IMPORT = re.compile(r'(?:\bfrom\s*|\bimport\s*)["\'](\./[^"\']+)["\']')
DYNAMIC_IMPORT = re.compile(r'\bimport\(\s*["\'](\./[^"\']+)["\']\s*\)')


def missing_imports(root, pairs, left_out):
    """A vendored ES module importing a sibling that is not copied would fail
    in the browser: name it now. Static imports must all be copied; a dynamic
    import may instead be listed under "left_out" (with the reason) in
    tools/vendor-files.json, i.e. a plugin the page never uses."""
    copied = {rel for _, rel in pairs}
    problems = []
    for src, rel in pairs:
        if not rel.endswith((".js", ".mjs")):
            continue
        text = src.read_text(encoding="utf-8", errors="replace")
        base = rel.rsplit("/", 1)[0]
        shown = src.relative_to(root).as_posix()
        for pattern, allowed in ((STATIC_IMPORT, set()), (DYNAMIC_IMPORT, left_out)):
            for target in sorted(set(pattern.findall(text))):
                wanted = f"{base}/{target[2:]}"
                if wanted not in copied and wanted not in allowed:
                    problems.append(f"vendored file missing: {wanted} (imported by {shown}; "
                                    f"add it to {VENDOR_MANIFEST}, or to left_out if never used)")
    return problems


def site_sources(root):
    """[(source Path, dist-relative str)] of the project's own site files."""
    pairs = []
    for rel in PAGE_FILES + [ENGINE_ENTRY]:
        src = root / rel
        if not src.is_file():
            raise BuildError(f"site file missing: {rel}")
        pairs.append((src, rel))
    package = root / PACKAGE_DIR
    if not (package / "__init__.py").is_file():
        raise BuildError(f"site file missing: {PACKAGE_DIR}/__init__.py")
    for src in sorted(package.rglob("*.py")):
        if _wanted(src.relative_to(root)):
            pairs.append((src, src.relative_to(root).as_posix()))
    static = root / STATIC_DIR
    for src in sorted(static.rglob("*")):
        rel = src.relative_to(root)
        if src.is_file() and _wanted(rel) and not rel.as_posix().startswith(VENDOR_OUT + "/"):
            pairs.append((src, rel.as_posix()))
    return pairs


def pyscript_config(root, py_files):
    """The PyScript config: the template plus every package file, mapped to
    the worker's file system (its working directory is on sys.path)."""
    try:
        config = json.loads((root / CONFIG_TEMPLATE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise BuildError(f"site file missing: {CONFIG_TEMPLATE}") from None
    if config.get("packages"):
        raise BuildError(f"{CONFIG_TEMPLATE}: 'packages' would make PyScript fetch micropip from a CDN")
    files = {}
    for rel in sorted(py_files):
        files["./" + rel] = "./" + rel[len("py/"):]
    config["files"] = files
    return json.dumps(config, indent=2, sort_keys=True) + "\n"


def build_hash(out, rels):
    h = hashlib.sha256()
    for rel in sorted(rels):
        h.update(rel.encode("utf-8") + b"\0" + sha256(out / rel).encode("ascii") + b"\n")
    return h.hexdigest()


def render_sw(template, cache_name, precache):
    marker_list, marker_name = "/*__PRECACHE__*/[]", "__CACHE_NAME__"
    for marker in (marker_list, marker_name):
        if marker not in template:
            raise BuildError(f"{SW_TEMPLATE}: template marker {marker} not found")
    listing = json.dumps(precache, indent=2)
    return template.replace(marker_list, listing).replace(marker_name, cache_name)


EXTRA_LIST = PACKAGE_DIR + "/systems/_extra.py"


def build(root=ROOT, out=None, extra_systems=()):
    """Build the site; return a dict with the cache name and precache list.

    `extra_systems`: paths of system modules to add (tests only: a sixth
    game shown by the real page with no change under static/)."""
    root = Path(root)
    out = Path(out) if out else root / "dist"
    manifest = load_vendor_manifest(root)
    vendor = check_vendor(root, manifest)  # fail before touching dist/
    sources = site_sources(root)
    generated = {}
    if extra_systems:
        extra = [Path(p) for p in extra_systems]
        sources += [(p, f"{PACKAGE_DIR}/systems/{p.name}") for p in extra]
        generated[EXTRA_LIST] = ("# written by tools/build.py for a test build\n"
                                 f"MODULES = {[p.stem for p in extra]!r}\n")
    config = pyscript_config(root, [rel for _, rel in sources
                                    if rel.startswith(PACKAGE_DIR + "/")] + list(generated))
    try:
        template = (root / SW_TEMPLATE).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BuildError(f"site file missing: {SW_TEMPLATE}") from None

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    for src, rel in sources + vendor:
        dest = out / rel
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dest)
    for rel, text in generated.items():
        (out / rel).write_text(text, encoding="utf-8")
    (out / CONFIG_TEMPLATE).write_text(config, encoding="utf-8")

    rels = sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file())
    digest = build_hash(out, rels)
    # the template is part of what the service worker does: hash it too
    digest = hashlib.sha256((digest + sha256(root / SW_TEMPLATE)).encode()).hexdigest()
    cache_name = "tablecheck-" + digest[:16]
    precache = ["./" + rel for rel in rels]
    (out / "sw.js").write_text(render_sw(template, cache_name, precache), encoding="utf-8")
    size = sum((out / rel).stat().st_size for rel in rels)
    return {"out": str(out), "cache": cache_name, "precache": precache, "bytes": size}


def record_vendor(root=ROOT):
    """Re-record tools/vendor-files.json from node_modules (after a deliberate
    version bump; review the diff)."""
    path = root / VENDOR_MANIFEST
    manifest = json.loads(path.read_text(encoding="utf-8"))
    for package in manifest["packages"]:
        base = root / "node_modules" / package["name"] / package["dir"]
        package["files"] = {rel: sha256(base / rel) for rel in sorted(package["files"])}
    path.write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=str(ROOT))
    parser.add_argument("--out", default=None)
    parser.add_argument("--record-vendor", action="store_true",
                        help="rewrite the SHA-256 sums in tools/vendor-files.json")
    args = parser.parse_args(argv)
    try:
        if args.record_vendor:
            record_vendor(Path(args.root))
        info = build(Path(args.root), args.out)
    except BuildError as exc:
        print(f"build failed:\n{exc}", file=sys.stderr)
        return 1
    print(f"built {info['out']}: {len(info['precache'])} files, "
          f"{info['bytes'] / 1e6:.1f} MB, cache {info['cache']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
