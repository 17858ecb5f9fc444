"""Shared test set-up. The browser tests (tests/e2e/) need Playwright, which
lives in .venv (see `make test`); under a Python without it they are left
out of collection instead of failing to import."""

import importlib.util

collect_ignore_glob = []
if importlib.util.find_spec("playwright") is None or importlib.util.find_spec("pytest_playwright") is None:
    collect_ignore_glob.append("e2e/*")
