#!/usr/bin/env python3
"""HTTP/2 over TLS in front of the bench's HTTP/1.1 server, as GitHub Pages
serves a site (issue 29, item 4).

Over HTTP/1.1 Chromium opens at most 6 connections to a host: the page's ~60
small files then wait in line, one round trip each, and the engine's worker
starts late. Pages answers over HTTP/2: every request goes out at once on one
connection and the answers share it. `H2Front(target_port)` is a TLS server
on 127.0.0.1 speaking HTTP/2 (ALPN "h2"); each stream becomes one HTTP/1.1
request to `target_port` (the counting `Server` of bench/_browser.py, which
gzips what Pages gzips and counts the bytes), and the answers are sent back
in frames of at most 16 kB, taking turns between streams (no priorities:
every open stream gets its share). Put bench/_link.py's `Link` in front of it
for the slow link (one TCP connection: its shaping applies as before), with
`socket_buffer=LINK_BUFFER` here and `receive_buffer=LINK_BUFFER` there.

The certificate is made for this run (the `openssl` command line tool) and
trusted by its key: `chromium_args` gives Chromium
`--ignore-certificate-errors-spki-list` for it, so the origin is a secure
one, service worker and all.

Needs the `h2` package (pinned in tools/requirements-test.txt).
"""

import asyncio
import base64
import hashlib
import socket
import ssl
import subprocess
import tempfile
from pathlib import Path

import h2.config
import h2.connection
import h2.events
import h2.exceptions

from _link import LoopServer

# Bytes a connection may hold between this server and a slow link in front
# of it, each side (`H2Front(socket_buffer=...)`, `Link(receive_buffer=...)`):
# the kernel's own buffers on loopback grow to megabytes, and a stream's
# frames queued there would hold back every stream answered after it, where
# a real link holds about its bandwidth-delay product (100 kB at 20 Mbit/s
# and 40 ms). Not much less: a delayed ACK (40 ms) per buffer would then
# cap the rate (128 kB / 40 ms = 3.2 MB/s, over the link's 2.5).
LINK_BUFFER = 128 * 1024
HOP_BY_HOP = {b"connection", b"keep-alive", b"proxy-connection", b"transfer-encoding", b"upgrade"}


def make_certificate(folder):
    """(cert path, key path, the SPKI's SHA-256 in base64) of a fresh
    self-signed certificate for 127.0.0.1."""
    cert, key = Path(folder) / "cert.pem", Path(folder) / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-days", "2", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(key), "-out", str(cert)], check=True, capture_output=True)
    der = subprocess.run(["openssl", "x509", "-in", str(cert), "-pubkey", "-noout"], check=True,
                         capture_output=True).stdout
    spki = subprocess.run(["openssl", "pkey", "-pubin", "-outform", "der"], input=der, check=True,
                          capture_output=True).stdout
    return cert, key, base64.b64encode(hashlib.sha256(spki).digest()).decode("ascii")


# Requests to the HTTP/1.1 server at once: its listen queue holds 5
# (socketserver's default), and a connection refused there is tried again
# by the kernel only after a second.
BACKEND_AT_ONCE = 4


async def _http11(port, method, path, headers, gate):
    """(status, [(name, value)], body) of one HTTP/1.1 request to 127.0.0.1:port."""
    async with gate:
        return await _exchange(port, method, path, headers)


async def _exchange(port, method, path, headers):
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", "Connection: close"]
    lines += [f"{k}: {v}" for k, v in headers if k.lower() not in ("host", "connection")]
    writer.write(("\r\n".join(lines) + "\r\n\r\n").encode("latin-1"))
    await writer.drain()
    raw = await reader.read()
    writer.close()
    head, _, body = raw.partition(b"\r\n\r\n")
    status_line, *header_lines = head.split(b"\r\n")
    status = int(status_line.split()[1])
    out = []
    for line in header_lines:
        name, _, value = line.partition(b":")
        if name.strip().lower() not in HOP_BY_HOP:
            out.append((name.strip().lower(), value.strip()))
    return status, out, (b"" if method == "HEAD" else body)


class _Connection:
    """One browser connection: its HTTP/2 state and the streams it carries."""

    def __init__(self, reader, writer, target_port, socket_buffer):
        self.reader, self.writer, self.target_port = reader, writer, target_port
        self.socket_buffer = socket_buffer
        if socket_buffer:
            writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, socket_buffer)
            writer.transport.set_write_buffer_limits(high=socket_buffer // 2)
        self.h2 = h2.connection.H2Connection(h2.config.H2Configuration(client_side=False, header_encoding=None))
        self.window = asyncio.Event()  # set when the peer opens a flow-control window
        self.gate = asyncio.Semaphore(BACKEND_AT_ONCE)
        self.tasks = set()

    def flush(self):
        data = self.h2.data_to_send()
        if data and not self.writer.is_closing():
            self.writer.write(data)

    async def run(self):
        self.h2.initiate_connection()
        self.flush()
        heads = {}
        try:
            while True:
                data = await self.reader.read(65536)
                if not data:
                    break
                for event in self.h2.receive_data(data):
                    if isinstance(event, h2.events.RequestReceived):
                        heads[event.stream_id] = event.headers
                    elif isinstance(event, h2.events.StreamEnded) and event.stream_id in heads:
                        task = asyncio.ensure_future(self.answer(event.stream_id, heads.pop(event.stream_id)))
                        self.tasks.add(task)
                        task.add_done_callback(self.tasks.discard)
                    elif isinstance(event, h2.events.StreamReset):
                        heads.pop(event.stream_id, None)
                        self.window.set()
                    elif isinstance(event, (h2.events.WindowUpdated, h2.events.RemoteSettingsChanged)):
                        self.window.set()  # a window opened, or the initial window size changed
                    elif isinstance(event, h2.events.ConnectionTerminated):
                        return
                self.flush()
        except (ConnectionError, h2.exceptions.ProtocolError):
            pass
        finally:
            for task in list(self.tasks):
                task.cancel()
            self.writer.close()

    async def answer(self, stream_id, headers):
        fields = dict(headers)
        method, path = fields[b":method"].decode(), fields[b":path"].decode()
        passed = [(k.decode(), v.decode()) for k, v in headers if not k.startswith(b":")]
        try:
            status, out, body = await _http11(self.target_port, method, path, passed, self.gate)
        except (OSError, ValueError, IndexError):  # the server did not answer, or not in HTTP
            status, out, body = 502, [(b"content-type", b"text/plain")], b"bad gateway (bench/_h2.py)"
        try:
            self.h2.send_headers(stream_id, [(b":status", str(status).encode())] + out, end_stream=not body)
            self.flush()
            at = 0
            while at < len(body):
                room = min(self.h2.local_flow_control_window(stream_id), self.h2.max_outbound_frame_size)
                if room <= 0:
                    self.window.clear()
                    await self.window.wait()
                    continue
                await self.turn()
                self.h2.send_data(stream_id, body[at:at + room], end_stream=at + room >= len(body))
                at += room
                self.flush()
        except (h2.exceptions.StreamClosedError, h2.exceptions.ProtocolError, ConnectionError):
            pass  # the browser cancelled the request or went away

    async def turn(self):
        """Wait until the connection's write buffer has room for a frame,
        letting every other stream with data go first (one frame each)."""
        await asyncio.sleep(0)
        limit = self.socket_buffer // 2 if self.socket_buffer else 256 * 1024
        while self.writer.transport.get_write_buffer_size() >= limit and not self.writer.is_closing():
            await self.writer.drain()
            await asyncio.sleep(0)


class H2Front(LoopServer):
    """`port`: HTTP/2 over TLS, forwarding to 127.0.0.1:`target_port`;
    `chromium_args`: what Chromium needs to trust it."""

    def __init__(self, target_port, socket_buffer=None):
        super().__init__()
        self.target_port = target_port
        self.socket_buffer = socket_buffer  # LINK_BUFFER with a Link in front
        self._folder = tempfile.TemporaryDirectory(prefix="tablecheck-h2-")
        cert, key, self.spki = make_certificate(self._folder.name)
        self.context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        self.context.load_cert_chain(cert, key)
        self.context.set_alpn_protocols(["h2"])

    @property
    def url(self):
        return f"https://127.0.0.1:{self.port}/"

    @property
    def chromium_args(self):
        return [f"--ignore-certificate-errors-spki-list={self.spki}"]

    async def _serve(self):
        return await asyncio.start_server(
            lambda r, w: _Connection(r, w, self.target_port, self.socket_buffer).run(), "127.0.0.1", 0,
            ssl=self.context)

    def __exit__(self, *exc):
        super().__exit__(*exc)
        self._folder.cleanup()
