"""A player's whole history as JSON Lines: GET /u/<username>/matches.jsonl.

One public record (docs/records.md) per line, one line per match the player sat in
(MatchPlayer), newest first. Private rooms' matches appear only to those who sat in them
and to staff, as their records do (games.records.visible_to).

Streamed: the matches' ids are read at once, then the rows a hundred at a time, and each
line is `records.public_record` of its match: one read of that match's log, so a deal
committed meanwhile never shows its seed. A match costs one query (its log), a hundred
of them one more (their rows), whatever the history's length.

`?analysis=1` adds each match's hand analyses (`analyses`, as analysis.json serves each):
one more query a hundred matches.
"""

import json
from collections.abc import AsyncIterator, Iterator
from functools import partial
from typing import Any, TypeVar

from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.core.handlers.asgi import ASGIRequest
from django.db.models import QuerySet
from django.http import HttpRequest, StreamingHttpResponse
from django.shortcuts import get_object_or_404

from analysis.records import of_matches
from games import records
from games.models import Match
from history import listing
from moderation.privacy import private_response

CHUNK = 100
T = TypeVar("T")


@private_response  # private rooms' matches are in it for their players and staff
def player_matches(request: HttpRequest, username: str) -> StreamingHttpResponse:
    player = get_object_or_404(get_user_model(), username=username, is_active=True)
    lines = history_lines(player, request.user, with_analyses=request.GET.get("analysis") == "1")
    # Under ASGI (daphne) a synchronous iterator would be read whole before anything is
    # sent: Django streams an asynchronous one, whose lines are built on the request's thread.
    content = async_lines(lines) if isinstance(request, ASGIRequest) else lines
    return StreamingHttpResponse(content, content_type="application/jsonl; charset=utf-8")


def history_lines(player: Any, viewer: Any, with_analyses: bool = False) -> Iterator[str]:
    """`player`'s matches that `viewer` may see, one JSON line each, newest first (also
    the matches file of a player's own data, accounts/takeout.py)."""
    matches = listing.visible_matches(player, viewer)
    ids = list(dict.fromkeys(matches.order_by("-started_at", "-pk").values_list("pk", flat=True)))
    return _lines(matches, ids, with_analyses)


def _lines(matches: QuerySet[Match], ids: list[int], with_analyses: bool = False) -> Iterator[str]:
    for start in range(0, len(ids), CHUNK):
        chunk = ids[start:start + CHUNK]
        # Visibility checked again: a room made private since the ids were read drops out.
        rows = matches.in_bulk(chunk)
        analyses = of_matches([pk for pk in chunk if pk in rows]) if with_analyses else {}
        for pk in chunk:
            if pk in rows:
                record = records.public_record(rows[pk])
                if with_analyses:
                    record["analyses"] = analyses[pk]
                yield json.dumps(record, ensure_ascii=False) + "\n"


async def async_lines(lines: Iterator[T]) -> AsyncIterator[T]:
    """`lines` for an ASGI streamed response, each built on the request's thread (also
    the data download's zip, accounts/takeout.py)."""
    step = sync_to_async(partial(next, lines, None), thread_sensitive=True)
    while (line := await step()) is not None:
        yield line
