"""Fault harness: scaled mode under process faults, with figures for each.

    python -m benchmarks.faults                      # every scenario, 4 tables
    python -m benchmarks.faults --only redis --outage 10 --tables 2 --logs artifacts/faults
    python -m benchmarks.faults --only ban           # a ban and a seat change in a Redis restart

It starts its own PostgreSQL cluster (initdb in a temp dir, run as the `postgres` user
when started as root) and its own Redis, both on free loopback ports, never the shared
servers; then two daphne processes (`python -m tarneeb.server`), a prefork worker and
beat, as README runs them. Tables of four protocol clients (tests/protocol_client.py)
play random legal moves, two seats on each daphne; a client whose socket closes
reconnects, to the other daphne if its own is gone. The scenarios run one after another,
each bounded in time; at the end every process is stopped and the temp dir deleted (logs
are kept only with --logs).

A scenario is a `FaultScenario`: a name, a line of summary and an async function that
injects the fault into the running `Harness`, waits (bounded) for recovery, leaves the
cluster as it found it and returns its figures. Each fault has a module of its own
defining its SCENARIO; add that to SCENARIOS in `__main__.py` to run it.

The modules:

- `cluster`: our PostgreSQL cluster and Redis, the two daphne, the worker and beat;
- `tables`: the tables in play, their seats and every act they send;
- `audit`: the match logs read back through Django, moves lost and log faults;
- `harness`: `FaultScenario` and the `Harness` a fault is given;
- `daphne_killed`, `worker_killed`, `redis_outage`, `postgres_restart`: one fault each;
- `ban_in_outage`: Redis restarted with a moderator's ban and a seat change at a waiting
  table in flight (right after Redis returns, then during the outage): states lost and
  whether the ban holds;
- `__main__`: the command line, running the chosen scenarios and printing their figures.
"""
