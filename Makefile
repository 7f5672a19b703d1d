# Dos órdenes: `make run` (el bot o, sin DISCORD_TOKEN, la consola local) y `make test`;
# `make bench` mide lo que cuesta un comando (bench/README.md; ARGS=--quick, unos segundos).
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint bench

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/umbral-bot $(ARGS)

test: $(STAMP)
	$(BIN)/pytest --cov --cov-fail-under=95 $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python bench/run.py $(ARGS)

lint: $(STAMP)
	$(BIN)/ruff check umbral_rules bot tests migrations bench
	$(BIN)/ruff format --check umbral_rules bot tests migrations bench
	$(BIN)/mypy umbral_rules bot
	$(BIN)/hadolint Dockerfile
