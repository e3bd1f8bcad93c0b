"""benchmarks.load's figures and its printed table (docs/performance.md, *Columns*)."""

from __future__ import annotations

import argparse
import asyncio
import gc
import math
import statistics
from collections.abc import Coroutine, Iterable
from multiprocessing.connection import Connection
from typing import Any

from benchmarks.abuse import percentile
from benchmarks.machine_speed import FULL_SPEED_MS, at_full_speed


def figures(samples: Iterable[tuple[float, float]], sent: Iterable[float], ticks: Iterable[float],
            opens: float, closes: float) -> dict[str, float]:
    """Latency percentiles (ms) of the moves sent in [opens, closes), moves a second sent
    and asked (one a tick) in it, and its moves that never reached all four seats."""
    inside = [latency * 1000 for at, latency in samples if opens <= at < closes]
    seconds = closes - opens
    moves = sum(1 for at in sent if opens <= at < closes)
    return {
        "moves": moves, "missed": moves - len(inside),
        "asked_per_s": sum(1 for at in ticks if opens <= at < closes) / seconds,
        "sent_per_s": moves / seconds,
        "p50": statistics.median(inside) if inside else math.nan,
        "p95": percentile(inside, 0.95), "p99": percentile(inside, 0.99),
        "max": max(inside, default=math.nan),
    }


def latency(samples: Iterable[tuple[float, float]], opens: float, closes: float) -> dict[str, float]:
    """p50, p95, p99 and max (ms) of the moves sent in [opens, closes), and their count."""
    inside = [latency * 1000 for at, latency in samples if opens <= at < closes]
    return {"moves": len(inside), "p50": statistics.median(inside) if inside else math.nan,
            "p95": percentile(inside, 0.95), "p99": percentile(inside, 0.99),
            "max": max(inside, default=math.nan)}


def quartet(f: dict[str, float]) -> str:
    return (f"p50 {f['p50']:.1f} / p95 {f['p95']:.1f} / p99 {f['p99']:.1f} / max {f['max']:.1f} ms "
            f"over {f['moves']:.0f} moves")


def show_watched(r: dict[str, Any]) -> None:
    """Table 0, the one the spectators watch, against all the others of the same run: with
    no spectators the difference is the noise of one table's few samples (window / pace)."""
    watched, others = r["watched"], r["unwatched"]
    print(f"  {r['tables']} tables, watched table 0 ({r['spectators']} spectators): {quartet(watched)}; "
          f"other tables: {quartet(others)}; p99 difference {watched['p99'] - others['p99']:+.1f} ms")
    s = r.get("spectated")
    if not s:
        return
    print(f"  {r['tables']} tables, spectators: {s['opened']} open ({len(s['refused'])} refused, "
          f"opened in {s['took']:.1f} s), "
          f"states received each since the start min {s['states_min']} / median {s['states_median']:.0f} / "
          f"max {s['states_max']} (the players saw {s['versions']} versions), "
          f"{s['missed_final']} missed the final version, {len(s['drops'])} dropped, "
          f"{len(s['errors'])} errors, "
          f"{s['leaks']} hidden-card leaks")
    print(f"  {r['tables']} tables, move sent to all {s['timed']} timed spectators holding it: "
          f"p50 {s['p50']:.1f} / p95 {s['p95']:.1f} / p99 {s['p99']:.1f} / max {s['max']:.1f} ms over "
          f"{s['moves']} moves ({s['moves_missed']} never reached them all); spectator clients' CPU "
          f"{s['cpu']:.0%}, loop late p99 {s['lag_p99']:.0f} ms")
    if s["refused"] or s["drops"]:
        print(f"  WARNING at {r['tables']} tables: spectators refused {s['refused'][:3]}, "
              f"dropped {s['drops'][:3]}")


def show(label: str, daphne: int, rows: list[dict[str, Any]], args: argparse.Namespace) -> None:
    print()
    print(f"paced load: one move per table every {args.pace:g} s, {args.warmup:g} s warm-up, "
          f"{args.window:g} s measured, {args.procs} client process{'es' if args.procs != 1 else ''}, "
          f"sessions {'made in the database' if args.sessions == 'db' else 'signed up over HTTP'}")
    print(f"{'mode':<12} {'daphne':>6} {'tables':>6} {'moves/s':>13} {'p50 ms':>7} {'p95 ms':>7} "
          f"{'p99 ms':>7} {'max ms':>7} {'errors':>6} {'drops':>5} {'missed':>6} {'srv cpu':>7} "
          f"{'cli cpu':>7} {'tick late':>9} {'load':>5}")
    for r in rows:
        moves = f"{r['sent_per_s']:.1f} of {r['asked_per_s']:.0f}"
        print(f"{label:<12} {daphne:>6} {r['tables']:>6} {moves:>13} {r['p50']:>7.1f} {r['p95']:>7.1f} "
              f"{r['p99']:>7.1f} {r['max']:>7.1f} {len(r['errors']):>6} {len(r['drops']):>5} "
              f"{r['missed']:>6} {sum(r['usage'].values()):>7.0%} {r['client_cpu']:>7.0%} "
              f"{r['late_p99']:>7.0f}ms {r['load']:>5}")
    for r in rows:
        parts = [f"{name} {cpu:.0%}" + (f" {r['rss'][name] / 2**20:.0f} MiB" if name in r["rss"] else "")
                 for name, cpu in r["usage"].items()]
        per_move = sum(r["usage"].values()) / r["sent_per_s"] * 1000 if r["sent_per_s"] else float("nan")
        print(f"  {r['tables']} tables, CPU (of one core) and RSS: " + ", ".join(parts)
              + f"; all the servers' CPU a move sent: {per_move:.2f} ms")
        print(f"  {r['tables']} tables, the machine's speed in the window: reference {r['reference']:.1f} ms "
              f"(at full speed {FULL_SPEED_MS:.0f}): the servers' CPU a move sent at full speed, "
              f"about {at_full_speed(per_move, r['reference']):.2f} ms")
        if r["deals"]:
            print(f"  {r['tables']} tables, deal timer late (ms): p50 {r['deal_p50']:.0f}, "
                  f"p99 {r['deal_p99']:.0f}, max {r['deal_max']:.0f} over {r['deals']} deals")
        else:
            print(f"  {r['tables']} tables, deal timer late: no hand ended in the window")
        print(f"  {r['tables']} tables, {r['analysis']}")
        show_watched(r)
        if r["passes"]:
            print(f"  {r['tables']} tables, ticks that sent no move: "
                  + ", ".join(f"{why} {count}" for why, count in r["passes"].most_common()))
        if r["errors"] or r["drops"] or r["leaks"]:
            codes = {code: r["errors"].count(code) for code in sorted(set(r["errors"]))}
            print(f"  WARNING at {r['tables']} tables: errors {codes}, {r['leaks']} hidden-card leaks, "
                  f"dropped sockets {r['drops'][:3]}")


def settled() -> None:
    """Called by a client process once its sockets are open, before it measures: what
    setting up made lives until the round ends. Frozen, the collector's full passes skip
    it; unfrozen, one full pass paused a process holding 800 players' sockets 90 to 210 ms
    inside the window, and every move in flight read that as the servers' latency."""
    gc.collect()
    gc.freeze()


def send_measured(connection: Connection, measuring: Coroutine[Any, Any, Any]) -> None:
    """A client process's work: what it measured down the pipe to the parent, or its error
    (the parent reports it; a traceback in a child process is lost in a pipe)."""
    try:
        connection.send(asyncio.run(measuring))
    except Exception as exc:
        connection.send(f"{type(exc).__name__}: {exc}")
        raise
