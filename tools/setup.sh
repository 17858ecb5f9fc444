#!/usr/bin/env bash
# Idempotent set-up for `make test` on a fresh Debian machine (or any machine
# with python3 >= 3.11 and npm): .venv with the pinned test tools, npm ci.
# Re-running it with nothing changed does nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON="${PYTHON:-python3}"
as_root_apt() {  # install Debian packages when we can, else explain
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y "$@"
  else
    echo "setup: please install: $*" >&2; return 1
  fi
}

# `tools/setup.sh npm` does only step 2 (what `make build` needs),
# `tools/setup.sh engines` only step 3 (what `make test`'s engine suite needs)
ONLY="${1:-all}"

# 3. The other engines of the smoke suite (tests/engines/, tools/engines.py),
#    from Debian's packages: Firefox ESR, WebKitGTK's WebDriver (with its
#    MiniBrowser) and the X server it draws on
if [ "$ONLY" = engines ]; then
  missing=()
  for pair in firefox-esr:firefox-esr WebKitWebDriver:webkit2gtk-driver Xvfb:xvfb; do
    command -v "${pair%%:*}" >/dev/null 2>&1 || missing+=("${pair#*:}")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "setup: the engine smoke suite needs ${missing[*]}; installing (apt-get)..." >&2
    if ! as_root_apt "${missing[@]}"; then
      echo "setup: cannot run tests/engines/ without them (as root: apt-get install -y ${missing[*]})" >&2
      exit 1
    fi
  fi
  exit 0
fi

# 1. Python virtual environment with pinned test tools
if [ "$ONLY" = all ]; then
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv 2>/dev/null; then
    rm -rf .venv
    as_root_apt python3-venv
    "$PYTHON" -m venv .venv
  fi
fi
REQ=tools/requirements-test.txt
STAMP=.venv/.requirements.sha256
WANT="$(sha256sum "$REQ" | cut -d' ' -f1)"
if [ ! -f "$STAMP" ] || [ "$(cat "$STAMP")" != "$WANT" ]; then
  .venv/bin/python -m pip install --disable-pip-version-check -q -r "$REQ"
  echo "$WANT" > "$STAMP"
fi
fi

# 2. Vendored runtime, exactly as locked; Node also makes the memory snapshot
#    (tools/snapshot.mjs, run by tools/build.py): Pyodide 314 needs Node >= 18;
#    zstd packs it
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then as_root_apt nodejs npm; fi
NODE_MAJOR="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$NODE_MAJOR" -lt 18 ]; then
  echo "setup: Node $(node --version) is too old: the memory snapshot needs Node >= 18" >&2; exit 1
fi
# the memory snapshot is compressed with Zstandard's command line tool (tools/snapshot_pack.py)
if ! command -v zstd >/dev/null 2>&1; then as_root_apt zstd; fi
LOCK_STAMP=node_modules/.lock.sha256
WANT="$(sha256sum package-lock.json | cut -d' ' -f1)"
if [ ! -f "$LOCK_STAMP" ] || [ "$(cat "$LOCK_STAMP")" != "$WANT" ]; then
  npm ci --no-audit --no-fund
  echo "$WANT" > "$LOCK_STAMP"
fi
