# Dos órdenes: `make run` (el bot o, sin DISCORD_TOKEN, la consola local) y `make test`;
# `make bench` mide lo que cuesta un comando (bench/README.md; ARGS=--quick, unos segundos).
# Las dependencias salen de los ficheros de versiones exactas (con hashes) requirements.lock
# (el bot) y requirements-dev.lock (el bot y las pruebas); `make lock` los rehace desde los
# rangos de pyproject.toml.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK_VENV := .venv-lock
UV_VERSION := 0.13.8
COMPILE = $(LOCK_VENV)/bin/uv pip compile pyproject.toml --quiet --universal \
	--python-version 3.11 --generate-hashes --custom-compile-command "make lock"

.PHONY: run test lint bench lock ejemplo-tablero

$(STAMP): pyproject.toml setup.py requirements-dev.lock
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --require-hashes -r requirements-dev.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

# Rehace los dos ficheros de versiones con uv (en su propio entorno, .venv-lock).
lock:
	$(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet uv==$(UV_VERSION)
	$(COMPILE) -o requirements.lock
	$(COMPILE) --extra dev -o requirements-dev.lock

run: $(STAMP)
	$(BIN)/umbral-bot $(ARGS)

# Coverage of bot/ and umbral_rules/ (pyproject.toml; 96.5 % measured on SQLite): the gate
# holds for the whole suite, so a run of some tests only (PYTEST_ARGS=tests/rules, CI's
# `-m db`) reports it without the gate. (`--cov` last: it would take the next word as a path.)
COV_MIN := 95
test: $(STAMP)
	$(BIN)/pytest $(PYTEST_ARGS) $(if $(PYTEST_ARGS),,--cov-fail-under=$(COV_MIN)) --cov

# La pelea de Táctico de docs/ con sus imágenes del tablero: `make ejemplo-tablero CARPETA=/tmp/t`
# (sin CARPETA, una carpeta temporal). Rehace también docs/tablero-*.png y la salida de la consola.
ejemplo-tablero: $(STAMP)
	$(BIN)/python docs/tablero_ejemplo.py $(CARPETA)

bench: $(STAMP)
	$(BIN)/python bench/run.py $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check umbral_rules bot tests migrations bench
	$(BIN)/ruff format --check umbral_rules bot tests migrations bench
	$(BIN)/mypy umbral_rules bot
	$(BIN)/hadolint Dockerfile
