#!/usr/bin/env bash
# Print the path of a Chromium for the browser tests, installing one if needed:
# $CHROMIUM, else /usr/bin/chromium, else (root on Debian) apt-get install -y
# chromium, else Playwright's own download (machines with normal internet).
set -euo pipefail
VENV_PY="${1:-.venv/bin/python}"
if [ -n "${CHROMIUM:-}" ] && [ -x "${CHROMIUM}" ]; then echo "${CHROMIUM}"; exit 0; fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing Debian's chromium (apt-get)..." >&2
  apt-get update >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium >&2
  if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
fi
echo "installing Playwright's chromium..." >&2
"${VENV_PY}" -m playwright install chromium >&2
# empty answer: the tests use Playwright's bundled browser
echo ""
