"""Everything the site holds on a player, for them to take away: one zip archive of

- profile.json: the account, its settings and ratings;
- matches.jsonl: every match they sat in, one public record a line (docs/records.md),
  as /u/<name>/matches.jsonl gives it to them (history.export);
- chat.jsonl: their chat lines, deleted ones too;
- reports.json: the reports they made, with their outcome;
- sanctions.json: the sanctions they received.

Streamed: the zip leaves as it is written, each piece once the compressor gives it, so
a long history neither waits whole before the first byte (a record costs milliseconds:
thousands of matches were tens of seconds of silence, past a proxy's patience) nor sits
whole in memory. Each download reads the whole history, so they are capped
(DATA_DOWNLOADS_PER_HOUR, accounts/budget.py).
"""

import json
import zipfile
from collections.abc import Iterator
from typing import Any

from django.utils import timezone

from accounts.models import User
from chat.models import ChatMessage
from history.export import history_lines
from moderation.models import Report, Sanction
from ratings.models import Rating


def _when(moment: Any) -> str | None:
    return moment.isoformat() if moment is not None else None


def profile(user: User) -> dict[str, Any]:
    return {
        "username": user.username, "email": user.email, "email_waiting_for_confirmation": user.pending_email,
        "joined": _when(user.date_joined), "last_login": _when(user.last_login),
        "settings": {"language": user.language, "time_zone": user.time_zone, "sound": user.sound,
                     "four_colour_deck": user.four_colour_deck, "confirm_card": user.confirm_card,
                     "hand_sort": user.hand_sort},
        "ratings": [{"variant": r.variant, "rating": r.rating, "matches": r.matches}
                    for r in Rating.objects.filter(user=user).order_by("variant")],
    }


def _chat_lines(user: User) -> Any:
    for line in ChatMessage.objects.filter(user=user).order_by("id").iterator(chunk_size=500):
        yield json.dumps({"room": line.room_id, "at": _when(line.created_at), "seat": line.seat,
                          "text": line.text, "phrase": line.phrase or None, "audience": line.audience,
                          "deleted_by_a_moderator": line.deleted_at is not None}, ensure_ascii=False) + "\n"


def _reports(user: User) -> list[dict[str, Any]]:
    return [{"reported": report.reported.username, "reason": report.reason, "details": report.text,
             "room": report.room_id, "match": report.match_id, "at": _when(report.created_at),
             "resolved_at": _when(report.resolved_at), "outcome": report.outcome or None}
            for report in Report.objects.filter(reporter=user).select_related("reported").order_by("id")]


def _sanctions(user: User) -> list[dict[str, Any]]:
    return [{"kind": sanction.kind, "reason": sanction.reason, "at": _when(sanction.created_at),
             "until": _when(sanction.until), "lifted_at": _when(sanction.lifted_at), "room": sanction.room_id}
            for sanction in Sanction.objects.filter(user=user).order_by("created_at")]


class _Pipe:
    """What the zip writes to: kept until taken. It cannot seek, so zipfile writes each
    member's sizes after its data, as a streamed zip does."""

    def __init__(self) -> None:
        self.pieces: list[bytes] = []

    def write(self, data: bytes) -> int:
        self.pieces.append(bytes(data))
        return len(data)

    def flush(self) -> None:
        pass

    def close(self) -> None:
        pass

    def take(self) -> bytes:
        data, self.pieces = b"".join(self.pieces), []
        return data


def archive(user: User) -> Iterator[bytes]:
    """The zip, piece by piece as it is written."""
    pipe = _Pipe()
    with zipfile.ZipFile(pipe, "w", compression=zipfile.ZIP_DEFLATED) as zip_file:
        def write_json(name: str, data: Any) -> None:
            zip_file.writestr(name, json.dumps(data, ensure_ascii=False, indent=2) + "\n")

        write_json("profile.json", {**profile(user), "exported_at": _when(timezone.now())})
        yield pipe.take()
        for name, lines in (("matches.jsonl", history_lines(user, user)), ("chat.jsonl", _chat_lines(user))):
            with zip_file.open(name, "w") as member:
                for line in lines:
                    member.write(line.encode())
                    if pipe.pieces:
                        yield pipe.take()
        write_json("reports.json", _reports(user))
        write_json("sanctions.json", _sanctions(user))
    yield pipe.take()
