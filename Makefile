# Two commands matter: `make run` serves the site, `make test` runs every test.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium

.PHONY: run test bench lint chromium messages

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed

run: $(VENV)/.installed
	$(BIN)/python manage.py migrate --noinput
	@echo
	@echo "  Tarneeb online: http://$(HOST):$(PORT)/  (embedded mode: SQLite, in-process worker)"
	@echo "  Create an admin:  $(BIN)/python manage.py createsuperuser"
	@echo
	DEBUG=$${DEBUG:-true} $(BIN)/python -m tarneeb.server -b $(HOST) -p $(PORT) tarneeb.asgi:application

# Browser tests drive Debian's chromium; install it when missing (needs root, as in CI).
chromium:
	@test -x $(CHROMIUM) || { \
		echo "installing Debian chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test: $(VENV)/.installed-dev chromium
	$(BIN)/ruff check .
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# Figures, not assertions. The scaled runs need this machine's PostgreSQL and Redis.
bench: $(VENV)/.installed-dev
	$(BIN)/python -m games.engine.bench
	$(BIN)/python -m benchmarks.timer_lateness --mode embedded
	$(BIN)/python -m benchmarks.timer_lateness --mode scaled
	$(BIN)/python -m benchmarks.table_latency --mode embedded
	$(BIN)/python -m benchmarks.table_latency --mode scaled

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .

# Refresh the Arabic catalogue after changing strings; the compiled .mo is committed.
messages: $(VENV)/.installed-dev
	$(BIN)/python manage.py makemessages -l ar --ignore='.venv/*' --ignore='tests/*'
	$(BIN)/python manage.py makemessages -d djangojs -l ar --ignore='.venv/*' --ignore='staticfiles/*'
	$(BIN)/python manage.py compilemessages -l ar --ignore='.venv'
