"""The layers of docs/architecture.md: every import contract in pyproject.toml holds, each
one fails when a single import breaks it, and no module of the project imports itself
through others (checked by tests/import_contracts.py in a process of its own)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def report() -> dict:
    done = subprocess.run([sys.executable, "-m", "tests.import_contracts"], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    return json.loads(done.stdout)


def test_every_contract_has_an_import_that_breaks_it(report):
    assert sorted(report["contracts"]) == report["breaks"]


def test_every_contract_holds_and_one_import_breaks_it(report):
    assert {name: (check["kept"], check["kept_when_broken"]) for name, check in report["contracts"].items()} \
        == {name: (True, False) for name in report["contracts"]}


def test_no_module_imports_itself_through_others(report):
    assert report["cycles"] == []
    # The added import closes a circle through chat.services' own imports.
    assert any({"accounts.models", "chat.services"} <= set(cycle) for cycle in report["cycles_when_broken"])
