"""Sign-up flood: what a flood of sign-ups (each a PBKDF2 hash, about 0.4 s of a core)
costs the tables in play, without the password hashing budgets and with them.

    python -m benchmarks.signup_flood [--phase 20 --tables 4 --threads 8]

One embedded daphne hashing with Django's PBKDF2, as in production, on a database kept
across its restarts. Paced tables (benchmarks.abuse: four players each, a move every
`--pace` s, each table behind a loopback address of its own) are timed while the server
is quiet, during a flood of sign-ups from one address, and during one from many
addresses (127.0.3.x). It runs twice: "before", the budgets lifted (as the code was
before them), and "after", the budgets at their defaults (tarneeb/settings.py). Each line
prints the other tables' move latency (p50, p99: from the act to all four seats holding
it), the sign-ups made and refused, and the server's CPU. Loopback only; every loop ends
with its phase.
"""

from __future__ import annotations

import argparse
import asyncio
import http.client
import math
import multiprocessing
import random
import statistics
import subprocess
import sys
import threading
import time
import uuid
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from benchmarks.abuse import PacedTable, household, percentile, seat_tables, window
from benchmarks.table_latency import PASSWORD_LIMITS, ROOT, Servers, cpu_seconds, sign_up_players
from tests.protocol_client import CSRF_INPUT, HttpSession, wait_healthy

ONE_ADDRESS = "127.0.0.5"
RELAXED = {name: "100000" for name in PASSWORD_LIMITS}
# As the code was before the budgets: no limit, and hashing at the server's own priority.
BEFORE = {**RELAXED, "PASSWORD_HASH_NICE": "0"}


def many_addresses(n: int) -> str:
    return f"127.0.3.{n % 250 + 1}"


# The server

class Site(Servers):
    """One embedded daphne that hashes with PBKDF2; `restart` brings it up again on the same
    database with other budgets."""

    def __init__(self, log_dir: Path | None) -> None:
        super().__init__("embedded", 1, next_hand=0.5, log_dir=log_dir)
        self.budgets: dict[str, str] = dict(RELAXED)
        self.restarts = 0

    def env(self) -> dict[str, str]:
        env = super().env()
        env.pop("PASSWORD_HASHERS", None)  # Django's own, PBKDF2: what a flood costs
        for name in PASSWORD_LIMITS:
            env.pop(name, None)
        env.update(self.budgets)
        return env

    def restart(self, budgets: dict[str, str]) -> str:
        for process in self.processes:
            if process.poll() is None:
                process.terminate()
                process.wait(30)
        self.processes.clear()
        # Static files again: the pages name them through a manifest that another
        # checkout's collectstatic may have rewritten meanwhile (it is the project's folder).
        subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=ROOT,
                       env=self.env(), check=True)
        self.budgets = budgets
        self.restarts += 1
        from tests.processes import free_port

        port = free_port()
        self.spawn(f"daphne-{self.restarts}", "-m", "tarneeb.server", "-b", "127.0.0.1", "-p", str(port),
                   "tarneeb.asgi:application")
        base = f"http://127.0.0.1:{port}"
        wait_healthy(base, 90)
        self.bases = [base]
        return base


# The flood

def _connection(base: str, address: str) -> http.client.HTTPConnection:
    parts = urlsplit(base)
    return http.client.HTTPConnection(parts.hostname or "127.0.0.1", parts.port or 80, timeout=30,
                                      source_address=(address, 0))


def _csrf(base: str) -> tuple[str, str]:
    """The CSRF cookie and form token of one GET: a flood reuses them for every POST."""
    conn = _connection(base, "127.0.0.1")
    conn.request("GET", "/accounts/signup/", headers={"Host": urlsplit(base).netloc})
    page = conn.getresponse()
    body = page.read().decode()
    conn.close()
    jar: SimpleCookie = SimpleCookie()
    for header in page.headers.get_all("Set-Cookie") or []:
        jar.load(header)
    token = CSRF_INPUT.search(body)
    if token is None or "csrftoken" not in jar:
        raise OSError("the sign-up page gave no CSRF token")
    return jar["csrftoken"].value, token.group(1)


def _sign_up_loop(base: str, addresses: list[str], interval: float, until: float, counts: dict[str, int],
                  lock: threading.Lock) -> None:
    """Sign-ups every `interval` s (0: one after another), each from the next of
    `addresses`, until `until`."""
    host = urlsplit(base).netloc
    cookie, token = _csrf(base)
    n, next_at = 0, time.perf_counter()
    while time.perf_counter() < until:
        address = addresses[n % len(addresses)]
        n += 1
        form = {"csrfmiddlewaretoken": token, "username": f"flood-{uuid.uuid4().hex[:10]}",
                "password1": "a-long-Secret-9x", "password2": "a-long-Secret-9x"}
        try:
            conn = _connection(base, address)
            conn.request("POST", "/accounts/signup/", body=urlencode(form), headers={
                "Host": host, "Content-Type": "application/x-www-form-urlencoded",
                "Referer": f"{base}/accounts/signup/", "Cookie": f"csrftoken={cookie}"})
            answer = conn.getresponse()
            answer.read()
            conn.close()
            key = {302: "made", 429: "refused"}.get(answer.status, f"status {answer.status}")
        except (OSError, http.client.HTTPException):
            key = "errors"
        with lock:
            counts[key] = counts.get(key, 0) + 1
        next_at += interval
        time.sleep(max(0.0, min(next_at, until) - time.perf_counter()))


def flood(base: str, many: bool, threads: int, rate: float, start: float, until: float) -> dict[str, int]:
    """`threads` sign-up loops from one address or many, `rate` sign-ups a second in all
    (0: as fast as they are answered), in a process of its own so that sending them does
    not slow the measuring of the tables."""
    time.sleep(max(0.0, start - time.perf_counter()))
    counts: dict[str, int] = {}
    lock = threading.Lock()
    interval = threads / rate if rate > 0 else 0.0
    workers = []
    for t in range(threads):
        addresses = [many_addresses(t + threads * k) for k in range(40)] if many else [ONE_ADDRESS]
        worker = threading.Thread(target=_sign_up_loop, args=(base, addresses, interval, until, counts, lock))
        worker.start()
        workers.append(worker)
    for worker in workers:
        worker.join()
    return counts


# Measuring

@dataclass
class Phase:
    name: str
    start: float
    end: float
    counts: dict[str, int]
    cpu: float = math.nan


async def measure(site: Site, base: str, sessions: list[HttpSession], args: argparse.Namespace
                  ) -> list[tuple[Phase, list[float]]]:
    tables = await seat_tables([base], sessions, args.tables, household)
    paced = [PacedTable(table, args.pace, random.Random(n)) for n, table in enumerate(tables)]
    pid = [process.pid for process in site.processes]
    t0 = time.perf_counter() + 2  # the tables settle
    phases = [Phase("quiet", t0, t0 + args.phase, {}),
              Phase("one address", t0 + args.phase, t0 + 2 * args.phase, {}),
              Phase("many addresses", t0 + 3 * args.phase, t0 + 4 * args.phase, {})]
    end = phases[-1].end + 1
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(2, mp_context=context) as pool:
        loop = asyncio.get_running_loop()
        floods = [loop.run_in_executor(pool, flood, base, phase.name == "many addresses", args.threads,
                                       args.rate, phase.start, phase.end) for phase in phases[1:]]

        async def cpu_marks() -> None:
            for phase in phases:
                await asyncio.sleep(max(0.0, phase.start - time.perf_counter()))
                before = cpu_seconds(pid)
                await asyncio.sleep(max(0.0, phase.end - time.perf_counter()))
                phase.cpu = (cpu_seconds(pid) - before) / (phase.end - phase.start)

        await asyncio.gather(cpu_marks(), *(table.run(end - time.perf_counter()) for table in paced))
        phases[1].counts, phases[2].counts = await floods[0], await floods[1]
    for table in tables:
        for client in table:
            await client.close()
    samples = [sample for table in paced for sample in table.samples]
    return [(phase, window(samples, phase.start, phase.end)) for phase in phases]


def report(label: str, results: list[tuple[Phase, list[float]]]) -> None:
    quiet_p99 = percentile(results[0][1], 0.99)
    for phase, values in results:
        p50 = statistics.median(values) if values else math.nan
        p99 = percentile(values, 0.99)
        made, refused = phase.counts.get("made", 0), phase.counts.get("refused", 0)
        other = {k: v for k, v in phase.counts.items() if k not in ("made", "refused")}
        print(f"{label:<7} {phase.name:<15} {len(values):>5} {p50:>8.1f} {p99:>8.1f} "
              f"{p99 / quiet_p99:>7.1f}x {made:>6} {refused:>8} {phase.cpu:>8.0%}  {other or ''}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=4, help="tables playing (default 4)")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between a table's moves")
    parser.add_argument("--phase", type=float, default=20, help="seconds of each phase (default 20)")
    parser.add_argument("--threads", type=int, default=8, help="the flood's concurrent sign-ups (default 8)")
    parser.add_argument("--rate", type=float, default=4.0,
                        help="sign-ups a second the flood sends (default 4, the review's 114 in 32 s; "
                             "0: as fast as they are answered)")
    parser.add_argument("--only", choices=["before", "after"], default=None, help="one configuration only")
    parser.add_argument("--logs", type=Path, default=None, help="keep server logs in this directory")
    args = parser.parse_args(argv)
    configurations = [("before", BEFORE), ("after", {})]
    if args.only:
        configurations = [c for c in configurations if c[0] == args.only]
    if args.logs:
        args.logs.mkdir(parents=True, exist_ok=True)
    with Site(args.logs) as site:
        print("starting the server, signing up the players (PBKDF2)...", flush=True)
        site.start()  # migrates; the budgets lifted for the players' sign-ups
        # Players for each configuration: a player sits at one live table at a time.
        players = sign_up_players(site.bases, 4 * args.tables * len(configurations))
        print(f"\n{'':<7} {'phase':<15} {'moves':>5} {'p50 ms':>8} {'p99 ms':>8} {'p99/q':>8} "
              f"{'made':>6} {'refused':>8} {'srv cpu':>8}", flush=True)
        for n, (label, budgets) in enumerate(configurations):
            base = site.restart(budgets)
            sessions = players[4 * args.tables * n: 4 * args.tables * (n + 1)]
            for session in sessions:
                session.base = base
            report(label, asyncio.run(measure(site, base, sessions, args)))
            time.sleep(2)
    rate = f"{args.rate:g} a second" if args.rate else "as fast as answered"
    print(f"\n{args.tables} tables, a move each every {args.pace:g} s; floods of sign-ups ({rate}, "
          f"{args.threads} at once) for {args.phase:g} s each; made: accounts created (a PBKDF2 hash "
          "each), refused: 429. p99/q: the phase's p99 over the quiet phase's. srv cpu: daphne's CPU as "
          "a share of one core.")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
