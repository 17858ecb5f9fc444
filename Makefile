# tablecheck: build, serve, test, bench.  `make help` lists the targets.
SHELL := /bin/bash
PORT ?= 8000
HOST ?= 127.0.0.1
PYTHON ?= python3
VENV_PY := .venv/bin/python
PYTEST_ARGS ?=
# the page's pure modules (static/js/<module>.js: storage, import checks, share links, form
# values...), each with tests/js/<module>.test.mjs, on Node's own test runner
NODE_TESTS := node --test tests/js/*.test.mjs

.PHONY: help setup build serve test test-unit test-js test-e2e test-engines bench icons clean

help:
	@echo "make serve   build dist/ and serve it on http://$(HOST):$(PORT)/ (PORT=... to change)"
	@echo "make test    set up .venv, npm ci, Chromium, Firefox ESR, WebKitGTK; build; unit, browser, then engine tests"
	@echo "make build   write the deployable site to dist/ (with the Pyodide memory snapshot: Node, cached in .cache/)"
	@echo "make bench   run every bench/*.py (not _helpers.py) with the venv python"

node_modules/.lock.sha256: package-lock.json
	./tools/setup.sh npm

setup:
	./tools/setup.sh

build: node_modules/.lock.sha256
	$(PYTHON) tools/build.py

serve: build
	$(PYTHON) tools/serve.py --dir dist --host $(HOST) --port $(PORT)

test: setup
	@./tools/setup.sh engines
	@export CHROMIUM="$$(./tools/ensure_chromium.sh $(VENV_PY))"; \
	echo "== chromium: $${CHROMIUM:-Playwright default}"; \
	$(VENV_PY) tools/build.py && \
	./tools/run_pytest.sh "unit tests" $(VENV_PY) -m pytest -q tests/unit -m "not e2e" $(PYTEST_ARGS) && \
	$(NODE_TESTS) && \
	./tools/run_pytest.sh "browser tests" $(VENV_PY) -m pytest -q tests/e2e -m e2e $(PYTEST_ARGS) && \
	./tools/run_pytest.sh "engine smoke tests (Firefox ESR, WebKitGTK)" $(VENV_PY) -m pytest -q tests/engines -m engines $(PYTEST_ARGS)

test-unit: setup
	./tools/run_pytest.sh "unit tests" $(VENV_PY) -m pytest -q tests/unit -m "not e2e" $(PYTEST_ARGS) && \
	$(NODE_TESTS)

test-js:
	$(NODE_TESTS)

test-e2e: setup
	@export CHROMIUM="$$(./tools/ensure_chromium.sh $(VENV_PY))"; \
	./tools/run_pytest.sh "browser tests" $(VENV_PY) -m pytest -q tests/e2e -m e2e $(PYTEST_ARGS)

test-engines: setup
	@./tools/setup.sh engines
	@export CHROMIUM="$$(./tools/ensure_chromium.sh $(VENV_PY))"; \
	./tools/run_pytest.sh "engine smoke tests (Firefox ESR, WebKitGTK)" $(VENV_PY) -m pytest -q tests/engines -m engines $(PYTEST_ARGS)

bench: setup
	@if [ -f bench/requirements.txt ]; then $(VENV_PY) -m pip install --disable-pip-version-check -q -r bench/requirements.txt; fi
	@export CHROMIUM="$$(./tools/ensure_chromium.sh $(VENV_PY))"; \
	$(VENV_PY) tools/build.py; \
	status=0; for f in bench/[!_]*.py; do echo "== $$f"; $(VENV_PY) "$$f" || status=1; done; exit $$status

icons:
	$(PYTHON) tools/make_icons.py

clean:
	rm -rf dist test-results artifacts .cache
