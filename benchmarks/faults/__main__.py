"""`python -m benchmarks.faults`: starts the cluster, seats the tables, runs the chosen
scenarios one after another (each bounded in time, each audited) and prints their figures,
then the audit of the whole run. The options are in main(); the harness is described in
the package's docstring."""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

from benchmarks import faults
from benchmarks.faults import ban_in_outage, daphne_killed, postgres_restart, redis_outage, worker_killed
from benchmarks.faults.audit import MOVES_LOST, act_counts, audit, on_db
from benchmarks.faults.cluster import Cluster
from benchmarks.faults.harness import FaultScenario, Harness
from benchmarks.faults.tables import Play
from benchmarks.table_latency import sign_up_players
from tests.processes import RedisServer

# In the order they run; --only picks among them by name.
SCENARIOS = [daphne_killed.SCENARIO, worker_killed.SCENARIO, redis_outage.SCENARIO, ban_in_outage.SCENARIO,
             postgres_restart.SCENARIO]


async def run(args: argparse.Namespace, cluster: Cluster) -> list[tuple[FaultScenario, dict[str, Any]]]:
    """Seats the tables, then each chosen scenario: its figures, the acts sent meanwhile and
    their audit; a scenario that fails or overruns --scenario-limit is reported, not fatal."""
    print(f"signing up {4 * args.tables} players...", flush=True)
    sessions = await asyncio.to_thread(sign_up_players, cluster.bases, 4 * args.tables)
    play = Play(cluster.bases, args.seed)
    await play.start(sessions, args.tables, args.turn)
    harness = Harness(cluster, play, args.outage)
    chosen = [s for s in SCENARIOS if not args.only or s.name in args.only.split(",")]
    results: list[tuple[FaultScenario, dict[str, Any]]] = []
    try:
        for scenario in chosen:
            await play.until(lambda: play.all_moved_since(time.monotonic() - 1) and play.all_connected(), 60,
                             "tables playing before the scenario")
            before = len(play.acts)
            reconnects = sum(len(seat.reconnects) for seat in play.seats)
            print(f"\n== {scenario.name}: {scenario.summary}", flush=True)
            started = time.monotonic()
            try:
                figures = await asyncio.wait_for(scenario.run(harness), args.scenario_limit)
            except (TimeoutError, AssertionError) as exc:
                figures = {"failed": repr(exc)}
                play.acting = True
            await asyncio.sleep(1)  # the last acks arrive
            found = await on_db(audit, play.rooms(), play.acts[before:])
            figures["sockets reconnected"] = sum(len(seat.reconnects) for seat in play.seats) - reconnects
            figures.update(act_counts(play.acts[before:]))
            figures.update({k: v for k, v in found.items() if not k.startswith("_")})
            figures["scenario s"] = round(time.monotonic() - started, 1)
            for key, value in figures.items():
                print(f"  {key}: {value}", flush=True)
            for act, recorded in found["_lost"]:
                print(f"  lost: {act}; recorded at v{act.v + 1}: {recorded}")
            for mismatch in found["_replay"]:
                print(f"  replay: {mismatch}")
            results.append((scenario, figures))
    finally:
        await play.stop()
    total = await on_db(audit, play.rooms(), play.acts)
    total.update(act_counts(play.acts))
    print("\n== whole run: " + ", ".join(f"{k} {v}" for k, v in total.items() if not k.startswith("_")))
    return results


def main(argv: list[str] | None = None) -> int:
    # The package's docstring describes the harness; its first paragraph is the summary.
    parser = argparse.ArgumentParser(prog="python -m benchmarks.faults",
                                     description=(faults.__doc__ or "").split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4)
    parser.add_argument("--turn", type=int, default=5,
                        help="turn seconds of the rooms (default 5, the least)")
    parser.add_argument("--outage", type=float, default=10.0, help="seconds Redis stays down (default 10)")
    parser.add_argument("--only", default="", help="scenarios, comma separated: "
                        + ",".join(s.name for s in SCENARIOS))
    parser.add_argument("--next-hand", type=float, default=0.5)
    parser.add_argument("--scenario-limit", type=float, default=150.0, help="seconds one scenario may take")
    parser.add_argument("--logs", type=Path, default=None, help="copy the processes' logs here at the end")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not RedisServer.available():
        raise SystemExit("redis-server is not installed")

    tmp = Path(tempfile.mkdtemp(prefix="tarneeb-faults-"))
    tmp.chmod(0o755)  # the postgres user reaches its folder inside
    log_dir = tmp / "logs"
    log_dir.mkdir()
    print(MOVES_LOST, flush=True)
    try:
        with Cluster(tmp, log_dir, args.next_hand) as cluster:
            print(f"\nstarting PostgreSQL :{cluster.postgres.port}, Redis :{cluster.redis.port}, "
                  f"daphne :{cluster.ports[0]} :{cluster.ports[1]}, a prefork worker and beat...", flush=True)
            cluster.start()
            # This process reads the match logs from the same database, through Django.
            os.environ.update(DATABASE_URL=cluster.postgres.url, REDIS_URL=cluster.redis.url,
                              CHANNELS_PREFIX="faults", EMBEDDED_WORKER="false",
                              DJANGO_SETTINGS_MODULE="tarneeb.settings")
            import django

            django.setup()
            asyncio.run(run(args, cluster))
    finally:
        if args.logs:
            shutil.copytree(log_dir, args.logs, dirs_exist_ok=True)
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
