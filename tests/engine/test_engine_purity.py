"""games.engine is pure Python: no Django, Channels or Celery, not even indirectly."""

import pathlib
import subprocess
import sys

import games.engine

ENGINE_DIR = pathlib.Path(games.engine.__file__).parent
FORBIDDEN = ("django", "channels", "celery", "daphne", "redis", "asgiref")


def test_it_imports_no_framework_module_in_a_fresh_interpreter():
    code = (
        "import sys, pkgutil, importlib, games.engine\n"
        "for m in pkgutil.iter_modules(games.engine.__path__):\n"
        "    importlib.import_module('games.engine.' + m.name)\n"
        f"bad = sorted(n for n in sys.modules if n.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    root = ENGINE_DIR.parent.parent
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


# In a fresh interpreter too: late in the whole suite's process, CPython 3.11.7's ast.parse
# failed with "AST constructor recursion depth mismatch" (a CPython bug, cpython#106905,
# fixed in 3.11.8), and so did pytest's own traceback rendering after it.
SOURCE_CHECK = """
import ast, pathlib, sys
bad = []
for path in sorted(pathlib.Path(sys.argv[1]).glob("*.py")):
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [node.module or ""] if node.level == 0 else []
        else:
            continue
        bad += [f"{path.name} imports {name}" for name in names if name.split(".")[0] in sys.argv[2:]]
print("\\n".join(bad))
"""


def test_its_source_names_no_framework_import():
    out = subprocess.run([sys.executable, "-c", SOURCE_CHECK, str(ENGINE_DIR), *FORBIDDEN],
                         capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
