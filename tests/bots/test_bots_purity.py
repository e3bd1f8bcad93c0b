"""games.bots is pure Python beside the engine: no Django, Channels or Celery."""

import pathlib
import subprocess
import sys

import games.bots

FORBIDDEN = ("django", "channels", "celery", "daphne", "redis", "asgiref", "matplotlib")


def test_it_imports_no_framework_module():
    code = (
        "import sys, pkgutil, importlib, games.bots\n"
        "for m in pkgutil.iter_modules(games.bots.__path__):\n"
        "    importlib.import_module('games.bots.' + m.name)\n"
        f"print(','.join(sorted(n for n in sys.modules if n.split('.')[0] in {FORBIDDEN!r})))\n"
    )
    root = pathlib.Path(games.bots.__file__).parent.parent.parent
    out = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
