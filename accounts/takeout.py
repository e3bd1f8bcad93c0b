"""Everything the site holds on a player, for them to take away: one zip archive of

- profile.json: the account, its settings and ratings;
- matches.jsonl: every match they sat in, one public record a line (docs/records.md),
  as /u/<name>/matches.jsonl gives it to them (history.export);
- chat.jsonl: their chat lines, deleted ones too;
- reports.json: the reports they made, with their outcome;
- sanctions.json: the sanctions they received.

Written to a temporary file that spills to disk past a few megabytes: a long history
never sits whole in memory. Each download reads the whole history, so they are capped
(DATA_DOWNLOADS_PER_HOUR, accounts/budget.py).
"""

import json
import tempfile
import zipfile
from typing import IO, Any

from django.utils import timezone

from accounts.models import User
from chat.models import ChatMessage
from history.export import history_lines
from moderation.models import Report, Sanction
from ratings.models import Rating

IN_MEMORY = 4 * 1024 * 1024


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


def archive(user: User) -> IO[bytes]:
    """The zip, rewound, in a temporary file the caller closes (a FileResponse does)."""
    out = tempfile.SpooledTemporaryFile(max_size=IN_MEMORY)  # noqa: SIM115 - handed to the response
    with zipfile.ZipFile(out, "w", compression=zipfile.ZIP_DEFLATED) as zip_file:
        def write_json(name: str, data: Any) -> None:
            zip_file.writestr(name, json.dumps(data, ensure_ascii=False, indent=2) + "\n")

        write_json("profile.json", {**profile(user), "exported_at": _when(timezone.now())})
        with zip_file.open("matches.jsonl", "w") as matches:
            for line in history_lines(user, user):
                matches.write(line.encode())
        with zip_file.open("chat.jsonl", "w") as chat:
            for line in _chat_lines(user):
                chat.write(line.encode())
        write_json("reports.json", _reports(user))
        write_json("sanctions.json", _sanctions(user))
    out.seek(0)
    return out
