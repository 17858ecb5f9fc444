"""Issue 13: the engine starts from the build's Pyodide memory snapshot,
through PyScript (static/js/boot/pyodide.mjs is the config's interpreter),
offline too; anything wrong with the snapshot means the normal start, a
"Ready" pill and the reason in the 'tablecheck:status' detail (`boot`)."""

import hashlib
import json
import shutil
import subprocess
import sys
import time

import pytest

from cold_start import LATE_IMPORT
from conftest import READY_TIMEOUT_MS, bundle_with, fulfilled, wait_controlled, wait_ready
from serve import Server
from snapshot_pack import zstd_compress, zstd_decompress

SNAPSHOT = "static/vendor/snapshot/snapshot.bin.zst"
META = "static/vendor/snapshot/snapshot.json"
BYTECODE = "static/vendor/snapshot/stdlib-bytecode.bin"
BYTECODE_META = "static/vendor/snapshot/stdlib-bytecode.json"
LOADER = "static/js/boot/pyodide.mjs"
STDLIB = "static/vendor/pyodide/python_stdlib.zip"
ENTERED = {"system": "dice", "check": "roll", "expression": "2d6+1", "dice": [6, 3]}

RECORD_STATUS = """
    window.__statuses = [];
    window.addEventListener('tablecheck:status', (e) => window.__statuses.push(e.detail));
"""


def start(context, url):
    """Open the page, wait for the engine; return (page, the ready status detail)."""
    page = context.new_page()
    page.add_init_script(RECORD_STATUS)
    page.goto(url)
    assert wait_ready(page) == "ready", page.locator("#engine-status").inner_text()
    statuses = page.evaluate("window.__statuses")
    assert statuses[-1]["stage"] == "ready"
    return page, statuses[-1]


def record_gets(context):
    """The URLs the context asks for with GET (the page's pre-flight check may ask with HEAD)."""
    fetched = []
    context.on("request", lambda r: r.method == "GET" and fetched.append(r.url))
    return fetched


def assert_calm_ready(page, statuses=None):
    """The pill says Ready and nothing else: no error, no Retry, no word about snapshots."""
    pill = page.locator("#engine-status")
    assert pill.get_attribute("data-stage") == "ready"
    assert pill.inner_text().startswith("Ready")
    assert "snapshot" not in pill.inner_text().lower()
    assert page.locator("#engine-retry").is_hidden()
    stages = [s["stage"] for s in page.evaluate("window.__statuses")]
    assert "error" not in stages, stages
    assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10


@pytest.fixture(scope="module")
def snapshot_parts(built_site):
    out = built_site["dir"]
    meta = json.loads((out / META).read_text())
    packed = (out / SNAPSHOT).read_bytes()
    return meta, packed


def repacked(meta, raw):
    """A Zstandard file of `raw` and a snapshot.json that vouches for it (sizes,
    SHA-256s): our own checks pass, what follows is Pyodide's."""
    packed = zstd_compress(raw, 1)
    vouched = dict(meta, bytes=len(raw), sha256=hashlib.sha256(raw).hexdigest(),
                   packed_bytes=len(packed), packed_sha256=hashlib.sha256(packed).hexdigest())
    return packed, vouched


def test_the_engine_starts_from_the_snapshot_through_pyscript(browser, site, built_site):
    assert built_site["snapshot"]["file"], built_site["snapshot"]
    context = browser.new_context(service_workers="block")
    requested = []
    context.on("request", lambda r: requested.append(r.url))
    fetched = record_gets(context)
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used", boot
        assert boot["reason"] is None
        assert boot["verified"] == "sha256"  # the Zstandard file's SHA-256 and the size snapshot.json gives
        # unpacked in a worker of its own (static/js/boot/unpack.mjs); the wasm
        # compiled from the module's start and instantiated by Pyodide
        assert boot["unpack"] == "worker", boot
        assert boot["wasm"] == "compiled early", boot
        assert len([u for u in fetched if u.endswith("/pyodide.asm.wasm")]) == 1, fetched
        # the heap's first MB came XORed with the wasm's initial memory, which was put back (issue 29)
        assert boot["base"] == json.loads((built_site["dir"] / META).read_text())["base_bytes"] > 1_000_000
        # PyScript's own package came compiled with the snapshot; the config's
        # files came in one request during the start, py/files.json, and
        # PyScript's fetch of each was answered from it (issue 29)
        assert boot["pycs"] > 5, boot
        assert boot["prefetched"] == len(json.loads((built_site["dir"] / "pyscript.json").read_text())["files"])
        assert [u for u in requested if "/py/tablecheck/" in u] == []
        assert len([u for u in requested if u.endswith("/py/files.json")]) == 1, requested
        # tablecheck.worker.start() found the rules imported, from the very files PyScript wrote
        assert boot["restored"] is True and boot["modules"] > 10
        assert "reloaded" not in boot
        assert boot["pyscript"] is True  # PyScript's Python package was set up on the restored interpreter
        assert any(u.endswith("/" + SNAPSHOT) for u in requested)
        # the stdlib zip is not needed for a start from the snapshot: a
        # placeholder until an import needs a module from it (issue 29)
        assert boot["stdlib"] == "after ready", boot
        # the normal start's bytecode is for the normal start only
        assert "bytecode" not in boot and boot["stdlib_pycs"] == 0
        assert not [u for u in requested if "stdlib-bytecode" in u]
        assert_calm_ready(page)
        info = page.evaluate("window.tablecheck.info")
        assert info["python"].startswith("3.14")
        # the exported names (the worker's __export__) answer, odds included
        odds = page.evaluate("window.tablecheck.odds({system: 'dice', check: 'roll', expression: '2d6'})")
        assert odds["distribution"]["7"] == pytest.approx(6 / 36)
        catalog = page.evaluate("window.tablecheck.catalog()")
        assert "dice" in catalog["systems"]
        # the catalog text the snapshot holds is the catalog of the shipped files
        assert catalog == cpython_catalog(built_site["dir"] / "py")
        # ready, rolled, odds and catalog answered: the zip never fetched
        assert not [u for u in fetched if u.endswith("/" + STDLIB)], fetched
    finally:
        context.close()


@pytest.mark.parametrize("status, body", [(404, "not found"), (200, '{"format": 1, "files": '),
                                          (200, '{"format": 2, "files": {}}')],
                         ids=["missing", "cut-short", "other-format"])
def test_without_a_readable_bundle_pyscript_fetches_each_file(browser, site, built_site, status, body):
    """py/files.json missing, not JSON or of another format: PyScript's own
    fetch of each of the config's files, once each, and the same ready engine."""
    context = browser.new_context(service_workers="block")
    context.route("**/py/files.json", fulfilled(status, body))
    fetched = record_gets(context)
    try:
        page, ready = start(context, site.url)
        assert ready["boot"]["snapshot"] == "used" and "prefetched" not in ready["boot"], ready["boot"]
        files = json.loads((built_site["dir"] / "pyscript.json").read_text())["files"]
        package = [u for u in fetched if "/py/tablecheck/" in u]
        assert len(package) == len(set(package)) == len(files), package
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
        assert_calm_ready(page)
    finally:
        context.close()


def _fallback_cases(meta, packed):
    raw = zstd_decompress(packed)
    other_build = bytearray(raw)
    other_build[16:48] = bytes(32)  # the header's Pyodide build id
    too_big = raw + bytes(65536)  # a heap larger than the wasm's initial memory (pyodide issue 6254)
    half = packed[:len(packed) // 2]
    flipped = bytearray(packed)
    for i in range(len(flipped) // 3, len(flipped) // 3 + 64):
        flipped[i] ^= 0x5A
    wrong_version = dict(meta, pyodide="314.0.2")
    build_packed, build_meta = repacked(meta, bytes(other_build))
    big_packed, big_meta = repacked(meta, too_big)
    return {
        "snapshot-missing": ({SNAPSHOT: (404, b"not found")}, "HTTP 404"),
        "meta-missing": ({META: (404, b"not found")}, "snapshot.json: HTTP 404"),
        "truncated": ({SNAPSHOT: (200, half)}, "snapshot"),
        "corrupt": ({SNAPSHOT: (200, bytes(flipped))}, "snapshot"),
        "other-pyodide-version": ({META: (200, json.dumps(wrong_version).encode())}, "Pyodide 314.0.2"),
        "other-pyodide-build": ({SNAPSHOT: (200, build_packed), META: (200, json.dumps(build_meta).encode())},
                                "build id mismatch"),
        "restore-throws-6254": ({SNAPSHOT: (200, big_packed), META: (200, json.dumps(big_meta).encode())},
                                "out of bounds"),
    }


FALLBACKS = ["snapshot-missing", "meta-missing", "truncated", "corrupt", "other-pyodide-version",
             "other-pyodide-build", "restore-throws-6254"]


@pytest.mark.parametrize("case", FALLBACKS)
def test_a_bad_snapshot_means_the_normal_start_and_says_why(browser, site, snapshot_parts, case):
    meta, packed = snapshot_parts
    routes, reason = _fallback_cases(meta, packed)[case]
    context = browser.new_context(service_workers="block")
    for rel, (status, body) in routes.items():
        context.route(f"**/{rel}", fulfilled(status, body))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "fallback", boot
        assert reason in boot["reason"], boot["reason"]
        assert boot["restored"] is False  # Python booted the normal way and imported the rules itself
        assert boot["pyscript"] is True
        # with the build's bytecode: the stdlib modules a start imports came
        # from .pyc files in the zip, the package's and PyScript's .pyc were written
        assert boot["bytecode"]["stdlib"] > 100 and boot["bytecode"]["pycs"] > 20, boot["bytecode"]
        assert boot["stdlib_pycs"] > 100, boot
        assert boot["wasm"] == "compiled early", boot  # the normal start instantiates it too
        assert_calm_ready(page)
    finally:
        context.close()


def _bytecode_cases(built_site):
    meta = json.loads((built_site["dir"] / BYTECODE_META).read_text())
    tail = (built_site["dir"] / BYTECODE).read_bytes()
    flipped = bytearray(tail)
    for i in range(len(flipped) // 2, len(flipped) // 2 + 64):
        flipped[i] ^= 0x5A
    return {
        "bytecode-missing": ({BYTECODE: (404, b"not found")}, "HTTP 404"),
        "bytecode-meta-missing": ({BYTECODE_META: (404, b"not found")}, "stdlib-bytecode.json: HTTP 404"),
        "bytecode-truncated": ({BYTECODE: (200, tail[:len(tail) // 2])}, "bytes"),
        "bytecode-corrupt": ({BYTECODE: (200, bytes(flipped))}, "SHA-256 differs"),
        "bytecode-other-pyodide": ({BYTECODE_META: (200, json.dumps(dict(meta, pyodide="314.0.2")).encode())},
                                   "Pyodide 314.0.2"),
        # a stdlib zip other than the one the bytecode was appended to
        "bytecode-other-stdlib": ({BYTECODE_META: (200, json.dumps(dict(meta, stdlib_sha256="0" * 64)).encode())},
                                  "python_stdlib.zip: SHA-256 differs"),
    }


@pytest.mark.parametrize("case", ["bytecode-missing", "bytecode-meta-missing", "bytecode-truncated",
                                  "bytecode-corrupt", "bytecode-other-pyodide", "bytecode-other-stdlib"])
def test_a_normal_start_without_good_bytecode_compiles_and_says_why(browser, site, built_site, case):
    """The bytecode is only a head start: anything wrong with it means the
    stock stdlib zip, compiled as before, and a calm Ready."""
    routes, reason = _bytecode_cases(built_site)[case]
    context = browser.new_context(service_workers="block")
    context.route(f"**/{META}", fulfilled(404, b"not found"))  # the normal start, at once
    for rel, (status, body) in routes.items():
        context.route(f"**/{rel}", fulfilled(status, body))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "fallback" and "snapshot.json: HTTP 404" in boot["reason"], boot
        assert isinstance(boot["bytecode"], str) and boot["bytecode"].startswith("not used: "), boot["bytecode"]
        assert reason in boot["bytecode"], boot["bytecode"]
        assert boot["stdlib_pycs"] == 0  # the stock zip: every module compiled from its source
        assert boot["restored"] is False and boot["pyscript"] is True
        assert_calm_ready(page)
    finally:
        context.close()


def test_a_browser_without_decompression_stream_still_starts_from_the_snapshot(browser, site, built_site):
    # the worker's global loses the API before our module body runs: the
    # snapshot is Zstandard, decoded by the vendored zstddec (issue 29)
    context = _start_with_loader(browser, site, _with_prelude(built_site, "delete globalThis.DecompressionStream;"))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used" and boot["verified"] == "sha256", boot
        assert boot["restored"] is True
        assert_calm_ready(page)
    finally:
        context.close()


def test_without_crypto_subtle_the_snapshot_is_still_used_checked_by_its_checksum(browser, site, built_site):
    """An http:// address other than localhost is no secure context: no
    crypto.subtle. The Zstandard frame's checksum (libzstd checks it) and the
    exact size still vouch for the bytes (then Pyodide's build id, tablecheck.worker's check).
    (No Worker either, so that the unpacking runs where the prelude took crypto.subtle away.)"""
    context = _start_with_loader(browser, site, _with_prelude(
        built_site, "Object.defineProperty(Crypto.prototype, 'subtle', { get: () => undefined });"
                    " delete globalThis.Worker;"))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used" and boot["verified"] == "checksum", boot
        assert_calm_ready(page)
    finally:
        context.close()


def test_package_files_other_than_the_snapshots_are_imported_afresh(browser, site, built_site):
    """A snapshot never runs rules other than the files shipped: if a package
    file PyScript writes differs from the one the snapshot was made from,
    tablecheck.worker.start() drops the restored modules and imports the files."""
    rel = "py/tablecheck/__init__.py"
    changed = (built_site["dir"] / rel).read_text().replace('__version__ = "', '__version__ = "9.9.9-')
    assert "9.9.9-" in changed
    context = browser.new_context(service_workers="block")
    bundle = bundle_with(built_site["dir"], rel, changed)  # the worker gets the package from py/files.json
    context.route("**/py/files.json", fulfilled(200, bundle))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used" and boot["restored"] is True
        assert "tablecheck/__init__.py" in boot["reloaded"]
        assert page.evaluate("window.tablecheck.info")["version"].startswith("9.9.9-")  # the file's, not the snapshot's
        assert_calm_ready(page)
    finally:
        context.close()


def _late_import_context(browser, built_site, zip_route):
    body = (built_site["dir"] / LOADER).read_text() + LATE_IMPORT
    context = browser.new_context(service_workers="block")
    context.route(f"**/{LOADER}", lambda route: route.fulfill(
        status=200, body=body, headers={"content-type": "text/javascript"}))
    context.route(f"**/{STDLIB}", zip_route)
    return context


def test_a_roll_that_imports_from_the_stdlib_zip_waits_for_it(browser, site, built_site):
    """Issue 29: the stdlib zip comes after ready. A request that imports a
    module the restored heap lacks fetches the zip then (here it is slow to
    come) and answers as always; the zip is fetched once, after ready."""
    events = []
    context = _late_import_context(browser, built_site,
                                   lambda route: route.continue_() if route.request.method != "GET"
                                   else (events.append("zip"), time.sleep(1.0), route.continue_()))
    # GETs: the page's pre-flight check (static/js/engine.js) asks for the zip with HEAD, no body
    context.on("request", lambda r: r.method == "GET" and r.url.endswith("/" + STDLIB)
               and events.append("zip requested"))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used" and boot["stdlib"] == "after ready", boot
        assert events == []  # ready without it
        events.append("roll")
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
        assert events == ["roll", "zip requested", "zip"]
        # the zip is in place now: the next imports are plain ones, the zip not fetched again
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
        assert events.count("zip") == 1
        assert_calm_ready(page)
    finally:
        context.close()


def test_a_roll_that_needs_a_missing_stdlib_zip_says_so_and_the_next_one_fetches_again(browser, site, built_site):
    answers = [(404, b"not found"), (200, (built_site["dir"] / STDLIB).read_bytes())]
    context = _late_import_context(browser, built_site, lambda route: route.continue_() if route.request.method != "GET"
                                   else route.fulfill(status=answers[0][0], body=answers.pop(0)[1]))
    try:
        page, ready = start(context, site.url)
        assert ready["boot"]["stdlib"] == "after ready", ready["boot"]
        failed = page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)
        assert "standard library zip could not be fetched" in failed["error"]["message"], failed
        assert "HTTP 404" in failed["error"]["message"], failed
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
        assert answers == []
    finally:
        context.close()


def test_offline_a_roll_that_imports_from_the_stdlib_zip_gets_it_from_the_service_worker(browser, built_site,
                                                                                         tmp_path):
    """Issue 29: the zip the engine's worker asks for when an import needs it
    comes from the service worker's cache offline (a site of its own: the
    interpreter module with LATE_IMPORT appended, served as any file)."""
    shutil.copytree(built_site["dir"], tmp_path / "dist")
    loader = tmp_path / "dist" / LOADER
    loader.write_text(loader.read_text() + LATE_IMPORT)
    server = Server(tmp_path / "dist").start()
    context = browser.new_context()
    try:
        page, ready = start(context, server.url)
        assert ready["boot"]["stdlib"] == "after ready", ready["boot"]
        wait_controlled(page)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                               timeout=READY_TIMEOUT_MS)
        server.stop()  # nothing answers at this address any more
        page.reload()
        assert wait_ready(page) == "ready"
        boot = page.evaluate("window.__statuses")[-1]["boot"]
        assert boot["snapshot"] == "used" and boot["stdlib"] == "after ready", boot
        assert page.evaluate("(r) => window.tablecheck.resolve(r)", ENTERED)["total"] == 10
    finally:
        context.close()
        try:
            server.stop()
        except OSError:
            pass


def cpython_catalog(package_dir):
    script = "import json\nfrom tablecheck import api\nprint(json.dumps(api.catalog()))\n"
    done = subprocess.run([sys.executable, "-c", script], cwd=package_dir, capture_output=True, text=True,
                          check=True)
    return json.loads(done.stdout)


def cpython_resolve(package_dir, request):
    script = ("import json, sys\nfrom tablecheck import api\n"
              "print(json.dumps(api.resolve(json.loads(sys.argv[1]))))\n")
    done = subprocess.run([sys.executable, "-c", script, json.dumps(request)], cwd=package_dir,
                          capture_output=True, text=True, check=True)
    return json.loads(done.stdout)


def test_two_restored_starts_roll_different_secure_dice_and_the_same_seeded_dice(browser, site, built_site):
    secure = {"system": "dice", "check": "roll", "expression": "30d20"}
    seeded = dict(secure, seed=20261201)
    rolls = []
    for _ in range(2):
        context = browser.new_context(service_workers="block")
        try:
            page, ready = start(context, site.url)
            assert ready["boot"]["snapshot"] == "used"
            got_secure = page.evaluate("(r) => window.tablecheck.resolve(r)", secure)
            got_seeded = page.evaluate("(r) => window.tablecheck.resolve(r)", seeded)
            rolls.append((got_secure, got_seeded))
        finally:
            context.close()
    (secure_a, seeded_a), (secure_b, seeded_b) = rolls
    faces = lambda result: [d["value"] for d in result["rolls"]]  # noqa: E731
    assert len(faces(secure_a)) == 30
    assert faces(secure_a) != faces(secure_b)  # equal by chance: 20**-30
    assert seeded_a == seeded_b
    assert seeded_a == cpython_resolve(built_site["dir"] / "py", seeded)  # the seed, not the snapshot, decides


def test_offline_start_uses_the_precached_snapshot(browser, site, built_site):
    context = browser.new_context()
    try:
        page, ready = start(context, site.url)
        assert ready["boot"]["snapshot"] == "used"
        wait_controlled(page)
        cached = page.evaluate(
            "(name) => caches.open(name).then(c => c.keys()).then(rs => rs.map(r => new URL(r.url).pathname))",
            built_site["cache"])
        assert "/" + SNAPSHOT in cached and "/" + META in cached
        assert "/" + BYTECODE in cached and "/" + BYTECODE_META in cached  # the normal start's, offline too
        context.set_offline(True)
        page.reload()
        assert wait_ready(page) == "ready"
        statuses = page.evaluate("window.__statuses")
        assert statuses[-1]["boot"]["snapshot"] == "used", statuses[-1]
        # the unpacking worker's request and the early wasm's were answered offline too
        assert statuses[-1]["boot"]["unpack"] == "worker", statuses[-1]
        assert statuses[-1]["boot"]["wasm"] == "compiled early", statuses[-1]
        assert_calm_ready(page)
        page.wait_for_function("() => document.documentElement.dataset.offline === 'ready'",
                               timeout=READY_TIMEOUT_MS)
        assert "works offline" in page.locator("#engine-status").inner_text()
    finally:
        context.set_offline(False)
        context.close()


def _with_prelude(built_site, prelude):
    """The interpreter module with `prelude` run first, in the engine's worker."""
    return prelude + "\n" + (built_site["dir"] / LOADER).read_text()


def _start_with_loader(browser, site, body):
    context = browser.new_context(service_workers="block")
    context.route(f"**/{LOADER}", lambda route: route.fulfill(
        status=200, body=body, headers={"content-type": "text/javascript"}))
    return context


def test_without_workers_in_a_worker_the_snapshot_is_unpacked_on_the_engines_thread(browser, site, built_site):
    """A browser whose workers cannot start workers: the engine's own thread
    unpacks the snapshot, which is then used as before."""
    context = _start_with_loader(browser, site, _with_prelude(built_site, "delete globalThis.Worker;"))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used" and boot["verified"] == "sha256", boot
        assert boot["unpack"] == "this thread: no worker to unpack in", boot
        assert_calm_ready(page)
    finally:
        context.close()


def test_an_unpacking_worker_that_cannot_run_leaves_the_unpacking_to_the_engines_thread(browser, site, built_site):
    # the worker's script is missing (HTTP 404): its error event, then the engine's thread
    prelude = """
        const RealWorker = globalThis.Worker;
        globalThis.Worker = function Worker(url, options) {
          return new RealWorker(new URL("./no-such-unpack.mjs", url), options);
        };
    """
    context = _start_with_loader(browser, site, _with_prelude(built_site, prelude))
    # snapshot.json late: the worker's error comes before it is asked anything
    # (a start that once waited for an answer that never came)
    context.route(f"**/{META}", lambda route: (time.sleep(1.0), route.continue_()))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used" and boot["verified"] == "sha256", boot
        assert boot["unpack"].startswith("this thread: the unpacking worker failed"), boot
        assert_calm_ready(page)
    finally:
        context.close()


def test_without_compile_streaming_pyodide_compiles_the_wasm_itself(browser, site, built_site):
    context = _start_with_loader(browser, site, _with_prelude(built_site, "delete WebAssembly.compileStreaming;"))
    fetched = record_gets(context)
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used", boot
        assert "wasm" not in boot, boot  # nothing compiled early: Pyodide's own instantiateStreaming
        assert len([u for u in fetched if u.endswith("/pyodide.asm.wasm")]) == 1, fetched
        assert_calm_ready(page)
    finally:
        context.close()


# the wasm memory right after instantiation, hashed in the engine's worker
# (the loader instantiates the module it compiled early with WebAssembly.instantiate)
BASE_DIGEST = """
    const realInstantiate = WebAssembly.instantiate;
    WebAssembly.instantiate = async function instantiate(source, imports) {
      const result = await realInstantiate.call(WebAssembly, source, imports);
      const instance = result instanceof WebAssembly.Instance ? result : result.instance;
      const memory = instance && instance.exports.memory;
      if (memory && !globalThis.__baseDigest) {
        const copy = new Uint8Array(memory.buffer, 0, BASE_BYTES).slice();
        globalThis.__baseDigest = crypto.subtle.digest("SHA-256", copy).then((d) => {
          globalThis.tablecheckBoot.test_base_sha256 =
            Array.from(new Uint8Array(d), (b) => b.toString(16).padStart(2, "0")).join("");
        });
      }
      return result;
    };
"""


def test_the_browsers_initial_memory_is_the_one_the_build_packed_the_snapshot_against(browser, site, built_site,
                                                                                       snapshot_parts):
    """Issue 29: the shipped heap is XORed with the memory the wasm's
    instantiation writes (tools/snapshot_pack.py reads it from the wasm's data
    segments); the browser's memory at instantiation is that image, byte for byte."""
    meta, _ = snapshot_parts
    prelude = BASE_DIGEST.replace("BASE_BYTES", str(meta["base_bytes"]))
    context = _start_with_loader(browser, site, _with_prelude(built_site, prelude))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "used" and boot["base"] == meta["base_bytes"], boot
        assert boot["test_base_sha256"] == meta["base_sha256"]
        assert_calm_ready(page)
    finally:
        context.close()


def test_an_initial_memory_not_seen_means_the_normal_start(browser, site, built_site):
    """The packed heap is put back only with the wasm's memory as instantiated;
    a memory the loader cannot recognise (here WebAssembly.Memory is another
    class, so the instance's memory is not one) means the normal start, never
    a restore of a heap with its first MB still XORed."""
    context = _start_with_loader(browser, site, _with_prelude(built_site, "WebAssembly.Memory = class Other {};"))
    try:
        page, ready = start(context, site.url)
        boot = ready["boot"]
        assert boot["snapshot"] == "fallback", boot
        assert "initial memory was not seen" in boot["reason"], boot
        assert "base" not in boot
        assert_calm_ready(page)
    finally:
        context.close()
