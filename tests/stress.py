"""The suite, run again and again while every core is kept busy: what flakes under load.

    python -m tests.stress --runs 5 [--mode embedded|scaled] [--loops N] [-- pytest arguments]

One busy loop a core (or --loops of them) runs at the suite's own priority for the whole
time, so the suite's servers, workers and browsers get about half the CPU they get on a
quiet machine. Each run's outcome, wall time and failing tests are printed as it ends (its
whole output is kept in artifacts/stress/<mode>-<run>.txt), and a summary at the end; the
exit status is 1 if any run failed.
"""

import argparse
import multiprocessing
import os
import re
import subprocess
import sys
import time
from pathlib import Path

SCALED_ENV = {"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/tarneeb_stress",
              "REDIS_URL": "redis://127.0.0.1:6379/1", "CHANNELS_PREFIX": "tarneeb-stress"}


def busy() -> None:
    while True:
        pass


OUTPUT = Path(__file__).resolve().parent.parent / "artifacts" / "stress"


def run_suite(mode: str, workers: int, extra: list[str], number: int) -> tuple[int, float, list[str]]:
    env = {**os.environ, "CI": "true", **(SCALED_ENV if mode == "scaled" else {})}
    if mode == "embedded":
        for name in SCALED_ENV:
            env.pop(name, None)
    started = time.monotonic()
    result = subprocess.run([sys.executable, "-m", "pytest", "-n", str(workers), "-q", *extra],
                            env=env, capture_output=True, text=True)
    OUTPUT.mkdir(parents=True, exist_ok=True)
    (OUTPUT / f"{mode}-{number}.txt").write_text(result.stdout + result.stderr)
    failed = re.findall(r"^(?:FAILED|ERROR) (\S+)", result.stdout, re.MULTILINE)
    summary = result.stdout.strip().splitlines()[-1] if result.stdout.strip() else result.stderr[-500:]
    print(f"  {summary}", flush=True)
    return result.returncode, time.monotonic() - started, failed


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--mode", choices=["embedded", "scaled"], default="embedded")
    parser.add_argument("--workers", type=int, default=4, help="pytest-xdist processes, as make test")
    parser.add_argument("--loops", type=int, default=os.cpu_count() or 1, help="busy loops (one a core)")
    parser.add_argument("pytest_args", nargs="*")
    options = parser.parse_args()
    loops = [multiprocessing.Process(target=busy, daemon=True) for _ in range(options.loops)]
    for loop in loops:
        loop.start()
    print(f"{len(loops)} busy loops; the suite in {options.mode} mode, {options.runs} runs", flush=True)
    outcomes = []
    try:
        for number in range(1, options.runs + 1):
            code, seconds, failed = run_suite(options.mode, options.workers, options.pytest_args, number)
            outcomes.append(code)
            print(f"run {number}: {'passed' if code == 0 else f'FAILED (exit {code})'} in {seconds:.0f} s"
                  + "".join(f"\n  failed: {test}" for test in failed), flush=True)
    finally:
        for loop in loops:
            loop.terminate()
    print(f"{options.mode}: {outcomes.count(0)} of {len(outcomes)} runs passed under load")
    return 0 if all(code == 0 for code in outcomes) else 1


if __name__ == "__main__":
    sys.exit(main())
