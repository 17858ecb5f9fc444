"""Firefox ESR and WebKitGTK, driven without Playwright (issue 25, item 13).

Playwright drives only its own builds of Firefox and WebKit, which cannot be
downloaded here; Debian's `firefox-esr` and `webkit2gtk-driver` can be
installed, and each speaks a standard protocol of its own:

- Firefox: WebDriver BiDi, built in (`--remote-debugging-port`), a JSON
  protocol over one websocket (PyPI's `websockets`, pinned in
  tools/requirements-test.txt). No geckodriver: none is packaged for Debian
  or shipped on PyPI by Mozilla.
- WebKitGTK: classic W3C WebDriver over HTTP, served by `WebKitWebDriver`,
  which starts MiniBrowser (standard library `urllib`). MiniBrowser needs an
  X display: an `Xvfb` of its own (`-displayfd` picks a free one).

Both classes offer the same few calls the smoke suite (tests/engines/) and
bench/bench_engines.py need: `goto`, `reload`, `js` (a function's source and
JSON arguments; its value, awaited, as JSON), `wait` (a condition in the
page, polled there, no sleeps here), `click` (a real pointer click on an
element) and `type` (real key presses into a field). Every process is
started in a session of its own and stopped by its own id at `close()`.
"""

import json
import os
import queue
import re
import shutil
import signal
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request

# Generous: a cold start takes 1.5-8 s here (WebKit up to 23 s on a machine at load 13).
TIMEOUT_S = 120
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"  # W3C WebDriver's element key

# The lines of a browser's log that `wait` shows when it times out: the
# console's errors and warnings (Firefox prints them, its workers' too).
CONSOLE_SHOWN = ("console.error", "console.warn", "JavaScript error", "JavaScript warning")

# The page side of `js`: the function's value (awaited) or its error, as JSON
# text, the same through both protocols.
CALL = """async (argsJson) => {
  try {
    const value = await (%s)(...JSON.parse(argsJson));
    return JSON.stringify({ value: value === undefined ? null : value });
  } catch (error) {
    return JSON.stringify({ error: String(error) + ((error && error.stack) ? '\\n' + error.stack : '') });
  }
}"""

# Polls `condition` in the page every 50 ms for up to `ms`: true once it holds.
POLL = """(condition, args, ms) => new Promise((resolve) => {
  const test = new Function('return (' + condition + ')(...arguments)');
  const until = performance.now() + ms;
  const step = () => {
    let ok = false;
    try { ok = Boolean(test(...args)); } catch (_) { ok = false; }
    if (ok || performance.now() > until) resolve(ok);
    else setTimeout(step, 50);
  };
  step();
})"""

# Scrolls the element to the middle of the view (a pointer can reach it).
FIND = """(selector, index) => {
  const element = document.querySelectorAll(selector)[index];
  if (!element) throw new Error('no element ' + selector + ' [' + index + ']');
  element.scrollIntoView({ block: 'center', inline: 'center' });
  return true;
}"""


class EngineError(Exception):
    """The browser or its driver failed (not the page: that is a test's business)."""


class PageError(Exception):
    """A script run in the page threw: the message is the page's."""


def missing(*commands):
    """The commands of `commands` not on PATH."""
    return [c for c in commands if shutil.which(c) is None]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Tail:
    """The last lines a process wrote (read in a thread), for error messages."""

    def __init__(self, stream, keep=40):
        self.lines, self.keep = [], keep
        self.queue = queue.Queue()
        threading.Thread(target=self._read, args=(stream,), daemon=True).start()

    def _read(self, stream):
        for line in stream:
            self.lines = (self.lines + [line.rstrip()])[-self.keep:]
            self.queue.put(line)
        self.queue.put(None)

    def wait_for(self, pattern, timeout):
        """The first match of `pattern` in a line still to come."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = self.queue.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                line = ""
            if line is None or time.monotonic() > deadline:
                raise EngineError(f"no line matching {pattern!r}; last lines:\n" + "\n".join(self.lines))
            found = re.search(pattern, line)
            if found:
                return found

    def text(self):
        return "\n".join(self.lines)


def start(argv, **kwargs):
    """A process in a session of its own (stopped with its children by `stop`)."""
    return subprocess.Popen(argv, start_new_session=True, **kwargs)


def stop(proc, timeout=10):
    if proc is None or proc.poll() is not None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
        try:
            proc.wait(timeout=timeout)
            return
        except subprocess.TimeoutExpired:
            continue


class Engine:
    """What both drivers share: `js`, `wait`, and the page-side helpers."""

    name = "?"
    version = "?"

    def call(self, declaration, args_json):  # pragma: no cover - each driver's own
        raise NotImplementedError

    def js(self, function, *args):
        """The value of `function` (JS source of a function) called with
        `args` in the page, awaited, through JSON."""
        answer = json.loads(self.call(CALL % function, json.dumps(list(args))))
        if "error" in answer:
            raise PageError(answer["error"])
        return answer["value"]

    def wait(self, condition, *args, timeout=TIMEOUT_S, what=None):
        """Wait until `condition` (JS source of a function) holds in the page.
        Polled in the page; a navigation under way (the page replaced) is
        waited out too."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            ms = int(min(5, max(0.1, deadline - time.monotonic())) * 1000)
            try:
                if self.js(POLL, condition, list(args), ms):
                    return
            except (PageError, EngineError) as error:  # e.g. the page went away mid-poll
                last = error
        state = self.state()
        raise TimeoutError(f"{self.name}: {what or condition} not within {timeout} s; page: {state}; last: {last}"
                           + self.console())

    def console(self):
        """The page's console errors and warnings the browser printed, if it prints them."""
        log = getattr(self, "log", None)
        lines, shown = [], False
        for line in log.lines if log else []:
            shown = line.startswith(CONSOLE_SHOWN) or (shown and line[:1].isspace())  # with its stack
            if shown:
                lines.append(line)
        return ("\nconsole:\n" + "\n".join(lines[-30:])) if lines else ""

    def state(self):
        try:
            return self.js("() => [document.documentElement.dataset.engine, document.documentElement.dataset.ui,"
                           " (document.querySelector('#engine-status') || {}).textContent]")
        except (PageError, EngineError) as error:
            return f"unreadable ({error})"

    def find(self, selector, index=0):
        self.js(FIND, selector, index)


class Firefox(Engine):
    """Firefox ESR over WebDriver BiDi (one websocket; commands answered in order)."""

    name = "firefox"

    def __init__(self, binary="firefox-esr", width=1280, height=800):
        from websockets.sync.client import connect  # tools/requirements-test.txt

        self.profile = tempfile.mkdtemp(prefix="tablecheck-firefox-")
        with open(os.path.join(self.profile, "user.js"), "w", encoding="utf-8") as f:
            for key, value in FIREFOX_PREFS.items():
                f.write(f"user_pref({json.dumps(key)}, {json.dumps(value)});\n")
        # stdout too: the pages' and workers' console (devtools.console.stdout.content)
        self.proc = start([binary, "--headless", "--no-remote", "--profile", self.profile,
                           "--remote-debugging-port", "0", "about:blank"],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.log = Tail(self.proc.stdout, keep=400)
        try:
            url = self.log.wait_for(r"WebDriver BiDi listening on (ws://\S+)", TIMEOUT_S).group(1)
            # entered as a context manager (websockets 17.1+), left in close()
            self.ws = connect(url + "/session", max_size=None, open_timeout=TIMEOUT_S,
                              ping_interval=None).__enter__()
            self.ids = 0
            caps = self.command("session.new", {"capabilities": {}})["capabilities"]
            self.version = caps["browserVersion"]
            self.context = self.command("browsingContext.getTree", {})["contexts"][0]["context"]
            self.command("browsingContext.setViewport",
                         {"context": self.context, "viewport": {"width": width, "height": height}})
        except Exception:
            self.close()
            raise

    def command(self, method, params, timeout=TIMEOUT_S):
        self.ids += 1
        mine = self.ids
        self.ws.send(json.dumps({"id": mine, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while True:
            try:
                message = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            except TimeoutError:
                raise EngineError(f"firefox: no answer to {method} within {timeout} s") from None
            if message.get("id") != mine:
                continue  # an event (none is subscribed to) or a late answer
            if message.get("type") == "error":
                raise EngineError(f"firefox: {method}: {message.get('error')}: {message.get('message')}")
            return message["result"]

    def call(self, declaration, args_json):
        result = self.command("script.callFunction", {
            "functionDeclaration": declaration, "arguments": [{"type": "string", "value": args_json}],
            "target": {"context": self.context}, "awaitPromise": True, "resultOwnership": "none"})
        if result.get("type") == "exception":
            raise PageError(result["exceptionDetails"].get("text"))
        return result["result"]["value"]

    def goto(self, url):
        self.command("browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"})

    def reload(self):
        self.command("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def element(self, selector, index):
        self.find(selector, index)
        result = self.command("script.callFunction", {
            "functionDeclaration": "(s, i) => document.querySelectorAll(s)[i]",
            "arguments": [{"type": "string", "value": selector}, {"type": "number", "value": index}],
            "target": {"context": self.context}, "awaitPromise": False, "resultOwnership": "root"})
        return {"sharedId": result["result"]["sharedId"]}

    def actions(self, *sources):
        self.command("input.performActions", {"context": self.context, "actions": list(sources)})
        self.command("input.releaseActions", {"context": self.context})

    def click(self, selector, index=0):
        self.actions({"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"}, "actions": [
            {"type": "pointerMove", "x": 0, "y": 0, "origin": {"type": "element", "element": self.element(selector, index)}},
            {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]})

    def type(self, selector, text, index=0):
        """Click the field, select what it holds, type `text` over it."""
        self.click(selector, index)
        self.js("(s, i) => document.querySelectorAll(s)[i].select()", selector, index)
        keys = [step for ch in str(text) for step in ({"type": "keyDown", "value": ch}, {"type": "keyUp", "value": ch})]
        self.actions({"type": "key", "id": "keyboard", "actions": keys})

    def close(self):
        try:
            if getattr(self, "ws", None) is not None:
                try:
                    self.command("session.end", {}, timeout=10)
                except Exception:  # noqa: BLE001 - the browser may be gone already
                    pass
                self.ws.__exit__(None, None, None)
        finally:
            stop(self.proc)
            shutil.rmtree(self.profile, ignore_errors=True)


# Quiet, offline-friendly: no first-run pages, updates, telemetry or
# background requests (the remote agent sets its own recommended prefs too).
FIREFOX_PREFS = {
    "app.update.disabledForTesting": True,
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.reportingpolicy.firstRun": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "extensions.update.enabled": False,
    "app.normandy.enabled": False,
    "messaging-system.rsexperimentloader.enabled": False,
    "services.settings.server": "http://127.0.0.1:9/",
    "devtools.console.stdout.content": True,  # the console on stdout: a failed wait shows it
}


class WebKit(Engine):
    """WebKitGTK's MiniBrowser through WebKitWebDriver (HTTP), on an Xvfb of its own."""

    name = "webkit"

    def __init__(self, driver="WebKitWebDriver", width=1280, height=800):
        self.xvfb = self.driver = self.session = None
        try:
            read, write = os.pipe()
            self.xvfb = start(["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height + 200}x24",
                               "-nolisten", "tcp"], pass_fds=[write],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            os.close(write)
            display = self._display(read)
            port = free_port()
            self.driver = start([driver, f"--port={port}"], env=dict(os.environ, DISPLAY=f":{display}"),
                                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
            self.log = Tail(self.driver.stderr)
            self.base = f"http://127.0.0.1:{port}"
            self._wait_driver()
            answer = self.http("POST", "/session", {"capabilities": {"alwaysMatch": {
                "webkitgtk:browserOptions": {"args": ["--automation"]}}}})
            self.session = f"/session/{answer['sessionId']}"
            self.version = answer["capabilities"].get("browserVersion", "?")
            self.http("POST", self.session + "/timeouts", {"script": TIMEOUT_S * 1000, "pageLoad": TIMEOUT_S * 1000})
            self.http("POST", self.session + "/window/rect", {"width": width, "height": height})
        except Exception:
            self.close()
            raise

    @staticmethod
    def _display(read):
        with os.fdopen(read) as pipe:
            done = threading.Event()
            out = []
            threading.Thread(target=lambda: (out.append(pipe.readline()), done.set()), daemon=True).start()
            if not done.wait(TIMEOUT_S) or not out[0].strip():
                raise EngineError("Xvfb gave no display number")
            return out[0].strip()

    def _wait_driver(self):
        deadline = time.monotonic() + TIMEOUT_S
        while time.monotonic() < deadline:
            if self.driver.poll() is not None:
                raise EngineError(f"WebKitWebDriver exited: {self.log.text()}")
            try:
                with urllib.request.urlopen(self.base + "/status", timeout=2):
                    return
            except OSError:
                time.sleep(0.05)  # the driver is still opening its port
        raise EngineError(f"WebKitWebDriver did not answer: {self.log.text()}")

    def http(self, method, path, body=None, timeout=TIMEOUT_S + 30):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json; charset=utf-8"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as error:
            value = json.loads(error.read() or b"{}").get("value", {})
            kind = value.get("error", error.code)
            if kind == "javascript error":
                raise PageError(value.get("message")) from None
            raise EngineError(f"webkit: {method} {path}: {kind}: {value.get('message')}") from None
        except OSError as error:
            raise EngineError(f"webkit: {method} {path}: {error}") from None

    def call(self, declaration, args_json):
        script = ("const done = arguments[arguments.length - 1];"
                  f" ({declaration})(arguments[0]).then(done, (e) => done(JSON.stringify({{error: String(e)}})));")
        return self.http("POST", self.session + "/execute/async", {"script": script, "args": [args_json]})

    def goto(self, url):
        self.http("POST", self.session + "/url", {"url": url})

    def reload(self):
        self.http("POST", self.session + "/refresh", {})

    def element(self, selector, index):
        self.find(selector, index)
        found = self.http("POST", self.session + "/elements", {"using": "css selector", "value": selector})
        return found[index][ELEMENT]

    def click(self, selector, index=0):
        self.http("POST", f"{self.session}/element/{self.element(selector, index)}/click", {})

    def type(self, selector, text, index=0):
        """Clear the field, type `text` into it."""
        element = f"{self.session}/element/{self.element(selector, index)}"
        self.http("POST", element + "/clear", {})
        self.http("POST", element + "/value", {"text": str(text)})

    def close(self):
        try:
            if self.session:
                try:
                    self.http("DELETE", self.session, timeout=20)
                except EngineError:
                    pass
        finally:
            stop(self.driver)
            stop(self.xvfb)


ENGINES = {"firefox": Firefox, "webkit": WebKit}
# what each needs on PATH, and the Debian package that brings it
NEEDS = {"firefox": {"firefox-esr": "firefox-esr"},
         "webkit": {"WebKitWebDriver": "webkit2gtk-driver", "Xvfb": "xvfb"}}


def unavailable(name):
    """Why engine `name` cannot start here (None when it can)."""
    lacking = missing(*NEEDS[name])
    if lacking:
        packages = " ".join(sorted({NEEDS[name][c] for c in lacking}))
        return f"{', '.join(lacking)} not found: apt-get install {packages} (tools/setup.sh does)"
    return None
