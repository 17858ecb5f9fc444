#!/usr/bin/env python3
"""Serve a built site (dist/) over HTTP, as GitHub Pages would.

    python3 tools/serve.py [--dir dist] [--port 8000] [--host 127.0.0.1] [--prefix /tablecheck/]

`--prefix` serves the site under a sub-path (a Pages project site) and
answers 404 outside it. Like Pages, it gzips the text types and the wasm
(Content-Encoding: gzip, for a client that accepts it; `--no-gzip`: every
body as stored): GZIP_TYPES, the browser undoes it natively. Also importable: the browser tests start `Server`
in a thread on an ephemeral port. Standard library only.
"""

import argparse
import email.utils
import functools
import gzip
import http.server
import io
import os
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".py": "text/x-python",
    ".svg": "image/svg+xml",
    ".zip": "application/zip",
}

# What GitHub Pages sends gzip-encoded (its CDN compresses by content type:
# text, JavaScript, JSON, SVG and the wasm; not zip, gzip, octet-stream or
# images, which are compressed already or not compressible).
GZIP_TYPES = ("text/", "application/javascript", "application/json", "application/manifest+json",
              "image/svg+xml", "application/wasm")
GZIP_LEVEL = 6
_GZIPPED = {}  # (path, mtime, size) -> the gzip of the file


def gzipped(path):
    """The file's gzip (made once per file version, kept for the process)."""
    st = os.stat(path)
    key = (str(path), st.st_mtime_ns, st.st_size)
    if key not in _GZIPPED:
        with open(path, "rb") as f:
            _GZIPPED[key] = gzip.compress(f.read(), GZIP_LEVEL, mtime=0)
    return _GZIPPED[key]


def gzip_all(directory):
    """Make the gzip of every file served gzip-encoded now (a server that
    compresses on the first request would add that time to a benchmark)."""
    for path in sorted(Path(directory).rglob("*")):
        if path.is_file() and Handler.guess_type(Handler, str(path)).startswith(GZIP_TYPES):
            gzipped(str(path))


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}
    prefix = "/"
    log = None  # a list to append (method, path) to, or None
    holds = None  # {path: Hold}: GETs of that path wait until released (tests)
    sent = None  # a list to append (path, status, body bytes) to, or None
    quiet = True
    compress = False  # gzip GZIP_TYPES, as Pages does

    def _strip(self):
        """Map the request path under `prefix` to the site; False if outside."""
        if self.prefix == "/":
            return True
        path = self.path
        if path == self.prefix.rstrip("/"):
            self.send_response(301)
            self.send_header("Location", self.prefix)
            self.end_headers()
            return None
        if not path.startswith(self.prefix):
            self.send_error(404, "outside the site's sub-path")
            return None
        self.path = "/" + path[len(self.prefix):]
        return True

    def do_GET(self):
        if self.log is not None:
            self.log.append(("GET", self.path))
        hold = (self.holds or {}).get(self.path)
        if hold is not None:
            hold.reached.set()
            hold.released.wait(timeout=300)
        if self._strip():
            super().do_GET()

    def do_HEAD(self):
        if self.log is not None:
            self.log.append(("HEAD", self.path))
        if self._strip():
            super().do_HEAD()

    def send_head(self):
        """As the base class, but a GZIP_TYPES file to a client that accepts
        gzip is sent gzip-encoded (with the same validators: a revalidation
        still answers 304)."""
        path = self.translate_path(self.path)
        ctype = self.guess_type(path)
        if not (self.compress and os.path.isfile(path) and ctype.startswith(GZIP_TYPES)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            return super().send_head()
        st = os.stat(path)
        since = self.headers.get("If-Modified-Since")
        if since and not self.headers.get("If-None-Match"):
            try:
                if int(st.st_mtime) <= email.utils.parsedate_to_datetime(since).timestamp():
                    self.send_response(304)
                    self.end_headers()
                    return None
            except (TypeError, ValueError, OverflowError, IndexError):
                pass
        body = gzipped(path)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Last-Modified", self.date_time_string(int(st.st_mtime)))
        self.end_headers()
        return io.BytesIO(body)

    def send_response(self, code, message=None):
        self._status = code
        super().send_response(code, message)

    def send_header(self, keyword, value):
        if keyword.lower() == "content-length" and self.sent is not None and self.command == "GET":
            self.sent.append((self.path, getattr(self, "_status", None), int(value)))
        super().send_header(keyword, value)

    def end_headers(self):
        # like a static host: revalidate, never serve a stale build silently
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def copyfile(self, source, outputfile):
        try:
            super().copyfile(source, outputfile)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the browser went away mid-body (a page closed while a file streamed): not the server's error

    def log_message(self, fmt, *args):
        if not self.quiet:
            super().log_message(fmt, *args)


class Hold:
    """A GET that waits: `reached` is set when it arrives, `release()` lets it go."""

    def __init__(self):
        self.reached = threading.Event()
        self.released = threading.Event()

    def release(self):
        self.released.set()


class Server:
    """A real HTTP server in a background thread. `url` ends with the prefix."""

    def __init__(self, directory, port=0, host="127.0.0.1", prefix="/", quiet=True, compress=False):
        if not prefix.startswith("/") or not prefix.endswith("/"):
            raise ValueError("prefix must start and end with '/'")
        self.requests = []
        self.holds = {}
        self.sent = []
        handler = type("SiteHandler", (Handler,), {"prefix": prefix, "log": self.requests,
                                                    "holds": self.holds, "sent": self.sent,
                                                    "quiet": quiet, "compress": compress})
        self.httpd = http.server.ThreadingHTTPServer(
            (host, port), functools.partial(handler, directory=str(directory)))
        self.httpd.daemon_threads = True
        self.host, self.port = self.httpd.server_address[:2]
        self.origin = f"http://{host}:{self.port}"
        self.url = self.origin + prefix
        self.thread = None

    def start(self):
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def hold(self, path):
        """Make GETs of `path` (as requested, e.g. "/static/x.wasm") wait."""
        self.holds[path] = Hold()
        return self.holds[path]

    def stop(self):
        for hold in self.holds.values():
            hold.release()
        self.httpd.shutdown()
        self.httpd.server_close()
        if self.thread:
            self.thread.join(timeout=10)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def main(argv=None):
    parser = argparse.ArgumentParser(description="Serve the built site.")
    parser.add_argument("--dir", default=str(ROOT / "dist"))
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    parser.add_argument("--no-gzip", action="store_true", help="send every body as stored (no gzip)")
    args = parser.parse_args(argv)
    if not (Path(args.dir) / "index.html").is_file():
        print(f"{args.dir}/index.html not found: run `make build` first", file=sys.stderr)
        return 1
    try:
        server = Server(args.dir, args.port, args.host, args.prefix, quiet=False, compress=not args.no_gzip)
    except OSError as exc:
        print(f"cannot serve on {args.host}:{args.port}: {exc.strerror}; try PORT=<another>", file=sys.stderr)
        return 1
    print(f"Serving {args.dir} at {server.url}  (Ctrl+C to stop)", flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
