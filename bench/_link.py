#!/usr/bin/env python3
"""A slow link and a slow CPU for the browser benchmarks (issue 29, item 4).

`Link(target_port, mbit=20, rtt_ms=40)`: a TCP proxy on 127.0.0.1 in front of
a server: every connection the browser opens to it (the page's, its
workers', the service worker's) shares one link of `mbit` Mbit/s each way,
and every byte arrives rtt/2 after it left (so a request and its answer
take one round trip more than the bytes alone). The link is one queue per
direction: a chunk (at most CHUNK bytes) leaves when the ones before it,
from any connection, have; a connection reads on from its server only while
less than WINDOW bytes of it wait on the link (as TCP's window would), so
parallel downloads share the link rather than going one after another.

`cpu_limited(executable, cores)`: a wrapper script for Playwright's
`executable_path` that puts the browser, and so every process it starts (the
page's renderer with its workers, the GPU and network processes), into a
cgroup v1 `cpu` group with a CFS quota of `cores` CPUs, then runs it: a slower
CPU for the worker too (Chromium's own CPU throttling reaches only the main
thread). Needs root and /sys/fs/cgroup/cpu (this machine has both).

Standard library only.
"""

import asyncio
import contextlib
import os
import shutil
import socket
import stat
import tempfile
import threading
import time
from pathlib import Path

CHUNK = 16 * 1024
WINDOW = 64 * 1024
CGROUP_CPU = Path("/sys/fs/cgroup/cpu")
CFS_PERIOD_US = 100_000


class _Direction:
    """One direction of the link: a queue shared by every connection."""

    def __init__(self, loop, bytes_per_s, delay_s):
        self.loop = loop
        self.rate = bytes_per_s
        self.delay = delay_s
        self.free_at = 0.0  # loop time when the link has sent everything queued

    def send(self, n, deliver):
        """Queue n bytes; `deliver()` runs when they have arrived (after
        everything queued before it: equal times get a tiny step, the loop
        does not keep their order). Returns the loop time when they have
        left (all of them on the wire)."""
        now = self.loop.time()
        start = max(now, self.free_at)
        self.free_at = start + n / self.rate + 1e-6
        self.loop.call_at(self.free_at + self.delay, deliver)
        return self.free_at


class LoopServer:
    """A server on an ephemeral 127.0.0.1 port, run by an asyncio loop in a
    thread of its own: started by `with`, stopped at its end. A subclass
    says what it serves (`_serve`: an asyncio Server, made in the loop)."""

    def __init__(self):
        self.loop = asyncio.new_event_loop()
        self.port = None
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._server = None

    async def _serve(self):
        raise NotImplementedError

    def _run(self):
        asyncio.set_event_loop(self.loop)
        self._server = self.loop.run_until_complete(self._serve())
        self.port = self._server.sockets[0].getsockname()[1]
        self._ready.set()
        self.loop.run_forever()

    def __enter__(self):
        self._thread.start()
        self._ready.wait(10)
        return self

    def __exit__(self, *exc):
        def stop():
            self._server.close()
            self.loop.stop()
        self.loop.call_soon_threadsafe(stop)
        self._thread.join(timeout=10)


class Link(LoopServer):
    """A throttling TCP proxy: `port` forwards to 127.0.0.1:`target_port`."""

    def __init__(self, target_port, mbit=20.0, rtt_ms=40.0, scheme="http", receive_buffer=None):
        super().__init__()
        self.target_port = target_port
        self.scheme = scheme  # "https": in front of bench/_h2.py's H2Front
        self.receive_buffer = receive_buffer  # bytes the kernel may hold from the server (bench/_h2.py LINK_BUFFER)
        self.mbit = mbit
        self.rtt_ms = rtt_ms

    @property
    def url(self):
        return f"{self.scheme}://127.0.0.1:{self.port}/"

    async def _serve(self):
        rate = self.mbit * 1e6 / 8
        delay = self.rtt_ms / 2000
        self.down = _Direction(self.loop, rate, delay)
        self.up = _Direction(self.loop, rate, delay)
        return await asyncio.start_server(self._connection, "127.0.0.1", 0)

    async def _pipe(self, reader, writer, direction):
        """Copy reader to writer through the link's `direction`."""
        try:
            while True:
                data = await reader.read(CHUNK)
                if not data:
                    break
                left = direction.send(len(data), lambda d=data: None if writer.is_closing() else writer.write(d))
                wait = left - WINDOW / direction.rate - self.loop.time()
                if wait > 0:
                    await asyncio.sleep(wait)  # the window is full: read on once it drains
        except (ConnectionError, asyncio.CancelledError):
            pass
        finally:
            # close after the last bytes have arrived
            direction.send(0, lambda: writer.close())

    async def _connection(self, client_reader, client_writer):
        try:
            server_reader, server_writer = await asyncio.open_connection("127.0.0.1", self.target_port)
        except OSError:
            client_writer.close()
            return
        if self.receive_buffer:
            server_writer.get_extra_info("socket").setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, self.receive_buffer)
        await asyncio.gather(self._pipe(client_reader, server_writer, self.up),
                             self._pipe(server_reader, client_writer, self.down))


def cpu_limit_problem():
    """Why a CPU quota cannot be set here (None if it can)."""
    if not (CGROUP_CPU / "cpu.cfs_quota_us").is_file():
        return f"no cgroup v1 cpu controller at {CGROUP_CPU}"
    if os.geteuid() != 0:
        return "a cgroup needs root"
    return None


@contextlib.contextmanager
def cpu_limited(executable, cores):
    """Yield the path of a script that runs `executable` in a cgroup limited
    to `cores` CPUs (e.g. 0.5); the group is removed afterwards."""
    problem = cpu_limit_problem()
    if problem:
        raise RuntimeError(f"cannot limit the browser's CPU: {problem}")
    group = CGROUP_CPU / f"tablecheck-bench-{os.getpid()}-{int(time.time() * 1000)}"
    group.mkdir()
    tmp = tempfile.mkdtemp(prefix="tablecheck-cpu-")
    try:
        (group / "cpu.cfs_period_us").write_text(str(CFS_PERIOD_US))
        (group / "cpu.cfs_quota_us").write_text(str(int(cores * CFS_PERIOD_US)))
        script = Path(tmp) / "chromium"
        script.write_text(f"#!/bin/sh\necho $$ > {group}/cgroup.procs\nexec {executable} \"$@\"\n")
        script.chmod(script.stat().st_mode | stat.S_IXUSR)
        yield str(script)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        for _ in range(50):  # the browser's processes may take a moment to go
            try:
                group.rmdir()
                break
            except OSError:
                time.sleep(0.1)
        else:  # still there: hand what is left back to the root group, then remove it
            for pid in (group / "cgroup.procs").read_text().split():
                with contextlib.suppress(OSError):
                    (CGROUP_CPU / "cgroup.procs").write_text(pid)
            with contextlib.suppress(OSError):
                group.rmdir()
