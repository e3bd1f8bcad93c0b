"""Download my data for a long history: the archive leaves as it is written (about 9 ms a
match to build each record: thousands of matches would otherwise be tens of seconds
before the first byte, past a proxy's patience, with the whole zip held first)."""

import io
import json
import zipfile

import pytest

from accounts import takeout
from tests.tables import make_players

pytestmark = pytest.mark.django_db

MATCHES = 5000


def test_the_archive_streams_while_the_history_is_read(client, monkeypatch):
    [player] = make_players(1, prefix="long-history-")
    read = []

    def history_lines(player, viewer):
        for n in range(MATCHES):
            read.append(n)
            # Varied enough that the compressor emits as it goes.
            yield json.dumps({"match": n, "note": f"{n * 7919 % 104729:x}" * 40}) + "\n"

    monkeypatch.setattr(takeout, "history_lines", history_lines)
    client.force_login(player)
    response = client.post("/accounts/data/")
    assert response.status_code == 200 and response.streaming
    assert response["Content-Disposition"] == f'attachment; filename="tarneeb-{player.pk}-data.zip"'
    chunks = iter(response.streaming_content)
    first = next(chunks)
    assert first and len(read) < MATCHES  # sent before the history is all read
    sizes = [len(first)]
    rest = []
    for chunk in chunks:
        sizes.append(len(chunk))
        rest.append(chunk)
    assert max(sizes) < 1024 * 1024  # never the whole archive at once
    archive = zipfile.ZipFile(io.BytesIO(first + b"".join(rest)))
    lines = archive.read("matches.jsonl").decode().splitlines()
    assert len(lines) == MATCHES and json.loads(lines[-1])["match"] == MATCHES - 1
    assert json.loads(archive.read("profile.json"))["username"] == player.username
