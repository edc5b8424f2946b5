# rulekeeper — `make play` and `make test` are the whole quick start.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: venv native test lint typecheck pytest play terminal bench fuzz docs catalogs catalogs-update clean

CATALOGS := $(wildcard src/rulekeeper/locale/*/*.po)
COMPILED := src/rulekeeper/locale/.compiled

venv: $(STAMP) $(COMPILED) native

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "rulekeeper needs Python 3.11 or newer")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[dev]'
	@touch $(STAMP)

# The compiled message catalogs (locale/<lang>/LC_MESSAGES/rulekeeper.mo) from the .po files.
$(COMPILED): $(STAMP) $(CATALOGS)
	$(BIN)/python -m rulekeeper.i18n_catalogs compile
	@touch $(COMPILED)

catalogs: $(COMPILED)

# The monster mover compiled with mypyc in place (src/rulekeeper/native.py), rebuilt whenever its
# sources changed; without a C compiler one line says so and everything runs as pure Python.
# RULEKEEPER_PURE=1 bypasses the compiled modules at run time.
native: $(STAMP)
	@PYTHONPATH=$(CURDIR)/src $(BIN)/python -m rulekeeper.native_build

# Extract the marked messages into every locale/<lang>/<area>.po (new ones untranslated), then compile.
catalogs-update: $(STAMP)
	$(BIN)/python -m rulekeeper.i18n_catalogs update
	$(BIN)/python -m rulekeeper.i18n_catalogs compile
	@touch $(COMPILED)

lint: venv
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: venv
	$(BIN)/mypy

# One test process per CPU (pytest-xdist): the suite takes about 14 minutes instead of 24 on
# CI's two cores. A single test file runs serially with plain `.venv/bin/pytest FILE`.
pytest: venv
	$(BIN)/pytest -n auto

test: lint typecheck pytest

play: venv
	$(BIN)/rulekeeper serve

terminal: venv
	$(BIN)/rulekeeper play

# The fuzz suite with many more examples than CI runs (new ones each run; minutes).
fuzz: venv
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest tests/hardening/test_fuzz.py -p no:cacheprovider

# The content format reference pages, generated from the models (a test compares them).
docs: venv
	$(BIN)/python -m rulekeeper.authoring.reference docs/content

bench: venv
	$(BIN)/pytest benchmarks --benchmark-enable --benchmark-only -p no:cacheprovider

clean:
	rm -rf $(VENV) artifacts .pytest_cache .mypy_cache .ruff_cache .hypothesis .benchmarks
	rm -f src/rulekeeper/compiled-build.txt
	find src -name '*.cpython-*.so' -delete
