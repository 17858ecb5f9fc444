"""tools/serve.py: the static server of `make serve` and the browser tests
(content types a browser insists on, the Pages-style sub-path, held GETs, a
browser that leaves mid-body)."""

import io
import shutil
import sys
import threading
import urllib.error
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from serve import Handler, Server, main  # noqa: E402


@pytest.fixture
def site(tmp_path):
    (tmp_path / "index.html").write_text("<!doctype html><title>t</title>")
    (tmp_path / "static").mkdir()
    for name in ("a.wasm", "b.mjs", "c.js", "m.webmanifest", "p.py"):
        (tmp_path / "static" / name).write_bytes(b"x" * 10)
    return tmp_path


def get(url):
    with urllib.request.urlopen(url, timeout=10) as answer:
        return answer.status, answer.headers.get_content_type(), answer.read()


@pytest.mark.parametrize("name, kind", [
    ("a.wasm", "application/wasm"),          # WebAssembly.compileStreaming needs it
    ("b.mjs", "text/javascript"),            # module scripts need a JavaScript type
    ("c.js", "text/javascript"),
    ("m.webmanifest", "application/manifest+json"),
])
def test_content_types(site, name, kind):
    with Server(site) as server:
        status, got, body = get(server.url + "static/" + name)
    assert (status, got, body) == (200, kind, b"x" * 10)


def test_sub_path_serves_the_site_and_nothing_outside(site):
    with Server(site, prefix="/tablecheck/") as server:
        assert server.url.endswith("/tablecheck/")
        assert get(server.url)[0] == 200
        assert get(server.url + "static/a.wasm")[1] == "application/wasm"
        with pytest.raises(urllib.error.HTTPError) as outside:
            get(server.origin + "/static/a.wasm")
        assert outside.value.code == 404
        # /tablecheck (no slash) redirects so relative addresses resolve
        assert get(server.origin + "/tablecheck")[0] == 200
    assert ("GET", "/static/a.wasm") in server.requests


def test_held_get_waits_until_released(site):
    with Server(site) as server:
        hold = server.hold("/static/a.wasm")
        answers = []
        fetch = threading.Thread(target=lambda: answers.append(get(server.url + "static/a.wasm")))
        fetch.start()
        assert hold.reached.wait(timeout=10)
        assert answers == []
        hold.release()
        fetch.join(timeout=10)
        assert answers[0][0] == 200
    assert ("/static/a.wasm", 200, 10) in server.sent


def test_main_refuses_a_directory_without_a_build(tmp_path, capsys):
    assert main(["--dir", str(tmp_path), "--port", "0"]) == 1
    assert "make build" in capsys.readouterr().err


class GoneAfter:
    """A connection the browser drops after `n` bytes, as `error` says."""

    def __init__(self, n, error):
        self.n, self.error, self.got = n, error, b""

    def write(self, data):
        if len(self.got) + len(data) > self.n:
            raise self.error
        self.got += data
        return len(data)


@pytest.mark.parametrize("error", [ConnectionResetError(104, "reset by peer"), BrokenPipeError(32, "broken pipe")])
def test_a_browser_gone_mid_body_is_not_the_servers_error(error):
    # a test closing its page while a big file streams: no traceback in the CI log
    handler = object.__new__(Handler)
    size = 16 * shutil.COPY_BUFSIZE
    out = GoneAfter(shutil.COPY_BUFSIZE, error)  # one chunk arrives, then the browser is gone
    handler.copyfile(io.BytesIO(b"x" * size), out)
    assert 0 < len(out.got) < size


def test_other_write_errors_still_raise():
    handler = object.__new__(Handler)
    with pytest.raises(OSError, match="disk"):
        handler.copyfile(io.BytesIO(b"x" * (1 << 20)), GoneAfter(10, OSError(5, "disk")))
