"""The import contracts of pyproject.toml checked on the project's import graph as it is
and with one breaking import added, and the project's import circles: printed as JSON by
`python -m tests.import_contracts` for tests/test_import_contracts.py.

A process of its own: once Django is set up, zope.interface (through twisted) gives every
class a `__provides__` that import-linter's option check trips over.
"""

import json
import tomllib
from pathlib import Path

import grimp
from importlinter.configuration import configure
from importlinter.contracts.acyclic_siblings import AcyclicSiblingsContract
from importlinter.contracts.forbidden import ForbiddenContract
from importlinter.contracts.layers import LayersContract
from importlinter.contracts.protected import ProtectedContract
from importlinter.domain.contract import Contract

PYPROJECT = Path(__file__).resolve().parents[1] / "pyproject.toml"
SESSION = tomllib.loads(PYPROJECT.read_text())["tool"]["importlinter"]
CONTRACTS: list[dict] = SESSION.pop("contracts")
ROOTS: list[str] = SESSION["root_packages"]
CONTRACT_TYPES: dict[str, type[Contract]] = {
    "forbidden": ForbiddenContract, "layers": LayersContract, "protected": ProtectedContract,
    "acyclic_siblings": AcyclicSiblingsContract}
# One import that each contract must refuse (importer, imported).
BREAKS = {
    "pure-engine": ("games.engine.match", "django"),
    "games-layers": ("games.services.move_path", "games.consumers"),
    "services-layers": ("games.services.published", "games.services.move_path"),
    "apps-through-hooks": ("games.services.move_path", "ratings.rate"),
    "friends-layers": ("friends.models", "friends.services"),
    "friends-on-top": ("moderation.services", "friends.services"),
    "pure-analysis": ("analysis.deal", "django"),
    "pure-events": ("events.scoring", "django"),
    "events-layers": ("events.models", "events.services"),
    "one-writer": ("games.services.room_life", "games.match_row"),
    "no-sibling-cycles": ("games.engine.cards", "games.engine.match"),
    "no-benchmarks": ("games.bots.hint", "benchmarks.bots_ceiling"),
}
# chat.services reads accounts.models: the other way round closes a circle.
CIRCLE = ("accounts.models", "chat.services")


def project_graph() -> grimp.ImportGraph:
    return grimp.build_graph(*ROOTS, include_external_packages=True, cache_dir=None)


def kept(options: dict, graph: grimp.ImportGraph) -> bool:
    contract = CONTRACT_TYPES[options["type"]](name=options["name"], session_options=SESSION,
                                               contract_options=options)
    return contract.check(graph, verbose=False).kept


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The project's modules that import themselves through others (Tarjan's strongly
    connected components, without recursion)."""
    modules = sorted(m for m in graph.modules if m.split(".")[0] in ROOTS)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in modules:
        if start in index:
            continue
        work = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            module, imported = work[-1]
            for other in imported:
                if other.split(".")[0] not in ROOTS:
                    continue
                if other not in index:
                    index[other] = low[other] = len(index)
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, iter(sorted(graph.find_modules_directly_imported_by(other)))))
                    break
                if other in on_stack:
                    low[module] = min(low[module], index[other])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[module])
                if low[module] == index[module]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == module:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def report() -> dict:
    configure()  # what the lint-imports command sets up before checking (a clock, file access)
    graph = project_graph()
    contracts = {}
    for options in CONTRACTS:
        broken = project_graph()
        if options["id"] in BREAKS:
            importer, imported = BREAKS[options["id"]]
            broken.add_import(importer=importer, imported=imported)
        contracts[options["id"]] = {"kept": kept(options, graph), "kept_when_broken": kept(options, broken)}
    circled = project_graph()
    circled.add_import(importer=CIRCLE[0], imported=CIRCLE[1])
    return {"contracts": contracts, "breaks": sorted(BREAKS), "cycles": cycles(graph),
            "cycles_when_broken": cycles(circled)}


if __name__ == "__main__":
    print(json.dumps(report()))
