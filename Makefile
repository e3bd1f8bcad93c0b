# Two commands matter: `make run` serves the site, `make test` runs every test.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium

.PHONY: run test bench stress faults lint chromium deploy-tools messages lock

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Installs take the versions pinned in requirements/ (`make lock`), the ones CI tested.
$(VENV)/.installed: pyproject.toml requirements/base.txt | $(BIN)/python
	$(BIN)/pip install --quiet -c requirements/base.txt -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml requirements/dev.txt | $(BIN)/python
	$(BIN)/pip install --quiet -c requirements/dev.txt -e '.[dev]'
	touch $@ $(VENV)/.installed

# Pin pyproject.toml's dependencies (base.txt) and its dev extra (dev.txt) for every
# platform, resolved against PyPI alone (uv reads no pip configuration). Existing pins
# stay unless pyproject.toml's ranges exclude them; `make lock LOCK_ARGS=--upgrade` takes
# the newest releases.
LOCK = $(BIN)/uv pip compile --quiet --universal --python-version 3.11 --custom-compile-command "make lock"
lock: | $(BIN)/python
	$(BIN)/pip install --quiet -c requirements/dev.txt uv
	$(LOCK) $(LOCK_ARGS) pyproject.toml -o requirements/base.txt
	$(LOCK) $(LOCK_ARGS) pyproject.toml --extra dev -c requirements/base.txt -o requirements/dev.txt

# DEBUG off unless asked (`DEBUG=true make run`): a debug 404 page lists every URL. The
# key is generated once and kept out of git; cookies are not `Secure`, as this serves
# plain HTTP (set SECURE_COOKIES=true behind TLS).
RUN_ENV = DEBUG=$${DEBUG:-false} SECURE_COOKIES=$${SECURE_COOKIES:-false} \
	SECRET_KEY="$${SECRET_KEY:-$$(cat .secret-key)}"

.secret-key: | $(BIN)/python
	umask 077 && $(BIN)/python -c "import secrets; print(secrets.token_urlsafe(50))" > $@

run: $(VENV)/.installed .secret-key
	$(RUN_ENV) $(BIN)/python manage.py migrate --noinput
	$(RUN_ENV) $(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo
	@echo "  Tarneeb online: http://$(HOST):$(PORT)/  (embedded mode: SQLite, in-process worker)"
	@echo "  Create an admin:  $(BIN)/python manage.py createsuperuser"
	@echo
	$(RUN_ENV) $(BIN)/python -m tarneeb.server -b $(HOST) -p $(PORT) tarneeb.asgi:application

# Browser tests drive Debian's chromium; install it when missing (needs root, as in CI).
chromium:
	@test -x $(CHROMIUM) || { \
		echo "installing Debian chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

# The deployment tests (tests/test_deploy_*.py) run Debian's nginx and supervisord; install them
# when missing (needs root, as in CI).
deploy-tools:
	@test -x /usr/sbin/nginx -a -x /usr/bin/supervisord || { \
		echo "installing Debian nginx and supervisor for the deployment tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx supervisor >/dev/null; }

# The suite in TEST_WORKERS processes (pytest-xdist; tests/workers.py keeps them apart):
# most tests wait on servers, sockets and browsers, so more than the cores pay. The 25
# slowest tests are listed, to see where CI's minutes go. Idle workers steal queued tests
# (--dist worksteal), so a few long tests do not end a pass alone: the passes took 531 and
# 283 s with it, 701 and 415 s an hour before without it (the machine's speed also varies).
TEST_WORKERS ?= 4
test: $(VENV)/.installed-dev chromium deploy-tools
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal --durations=25 $(PYTEST_ARGS)

# The suite STRESS_RUNS times in a row with every core kept busy (tests/stress.py): what
# flakes under load. STRESS_MODE=scaled uses this machine's PostgreSQL and Redis.
STRESS_RUNS ?= 5
STRESS_MODE ?= embedded
stress: $(VENV)/.installed-dev chromium deploy-tools
	$(BIN)/python -m tests.stress --runs $(STRESS_RUNS) --mode $(STRESS_MODE) --workers $(TEST_WORKERS)

# Figures, not assertions. The scaled runs need this machine's PostgreSQL and Redis.
bench: $(VENV)/.installed-dev deploy-tools
	$(BIN)/python -m games.engine.bench
	$(BIN)/python -m games.bots.selfplay --level standard --deals 100000
	$(BIN)/python -m games.bots.selfplay --level expert --deals 200
	$(BIN)/python -m benchmarks.analysis
	$(BIN)/python -m benchmarks.events
	$(BIN)/python -m benchmarks.timer_lateness --mode embedded
	$(BIN)/python -m benchmarks.timer_lateness --mode scaled
	$(BIN)/python -m benchmarks.table_latency --mode embedded
	$(BIN)/python -m benchmarks.table_latency --mode scaled
	$(BIN)/python -m benchmarks.history --mode embedded && $(BIN)/python -m benchmarks.history --mode scaled
	$(BIN)/python -m benchmarks.load --mode embedded
	$(BIN)/python -m benchmarks.load --mode scaled --daphne 1
	$(BIN)/python -m benchmarks.load --mode scaled --daphne 2
	$(BIN)/python -m benchmarks.load --mode scaled --daphne 2 --proxy

# Faults and abuse, with figures (docs/security.md). Process faults in scaled mode (a
# daphne, the worker, Redis, PostgreSQL) on a PostgreSQL cluster and a Redis of their own,
# about two minutes; a message flood, under a minute; then a visitor polling every
# record for a live seed, SEED_RACE_MINUTES (default 10).
SEED_RACE_MINUTES ?= 10
faults: $(VENV)/.installed-dev
	$(BIN)/python -m benchmarks.faults $(FAULTS_ARGS)
	$(BIN)/python -m benchmarks.abuse flood
	$(BIN)/python -m benchmarks.abuse seed-race --minutes $(SEED_RACE_MINUTES) --tables 4 --pace 0.1 --next-hand 0.3

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

# Refresh the Arabic catalogue after changing strings; the compiled .mo is committed.
messages: $(VENV)/.installed-dev
	$(BIN)/python manage.py makemessages -l ar --ignore='.venv/*' --ignore='tests/*'
	$(BIN)/python manage.py makemessages -d djangojs -l ar --ignore='.venv/*' --ignore='staticfiles/*'
	$(BIN)/python manage.py compilemessages -l ar --ignore='.venv'
