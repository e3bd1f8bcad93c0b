"""games.bots.arena.bots_at: the bots of a git revision are those of the commit the name
points at now, not of an earlier copy kept under the same name (HEAD moves)."""

import subprocess
import tempfile

from games.bots.arena import bots_at


def commit_bots(repo, answer: str) -> None:
    package = repo / "games" / "bots"
    package.mkdir(parents=True, exist_ok=True)
    (package / "__init__.py").write_text(f"def choose(*args):\n    return {answer!r}\n")
    subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
    subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", answer],
                   cwd=repo, check=True)


def test_a_moved_head_is_read_again(tmp_path, monkeypatch):
    repo = tmp_path / "repo"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    monkeypatch.chdir(repo)
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    commit_bots(repo, "first")
    assert bots_at("HEAD")() == "first"
    commit_bots(repo, "second")
    assert bots_at("HEAD")() == "second"
    assert bots_at("HEAD~1")() == "first"
