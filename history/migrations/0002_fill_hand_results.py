"""HandResult rows for the deals played before 0001, from each match's event log.

Self-contained on purpose (the code of its day, not history.hands): one pass over the
log in (match, seq) order, counting each seat's moves since the deal, and writing a
deal's four rows at its `hand_scored` or `thrown_in` event, as the live writes do.
"""

from django.db import migrations

BATCH = 2000


def fill(apps, schema_editor):
    Match = apps.get_model("games", "Match")
    MatchEvent = apps.get_model("games", "MatchEvent")
    MatchPlayer = apps.get_model("games", "MatchPlayer")
    HandResult = apps.get_model("history", "HandResult")
    variants = dict(Match.objects.values_list("pk", "variant"))
    users = {(match, seat): user for match, seat, user in MatchPlayer.objects.values_list("match", "seat", "user")}
    rows, current, turns, timer = [], None, [0] * 4, [0] * 4
    events = MatchEvent.objects.order_by("match", "seq").values_list("match", "seat", "actor", "action", "result")
    for match, seat, actor, action, result in events.iterator(chunk_size=BATCH):
        if match != current or action.get("type") == "deal":
            current, turns, timer = match, [0] * 4, [0] * 4
        if seat is not None:
            turns[seat] += 1
            timer[seat] += actor == "timer"
        over = next((e for e in result if e["type"] in ("hand_scored", "thrown_in")), None)
        if over is None:
            continue
        for n in range(4):
            rows.append(HandResult(match_id=match, hand=over["hand_number"], seat=n, user_id=users[match, n],
                                   turns=turns[n], timer_turns=timer[n], **_outcome(variants[match], over, n)))
        if len(rows) >= BATCH:
            HandResult.objects.bulk_create(rows)
            rows = []
    HandResult.objects.bulk_create(rows)


def _outcome(variant, over, seat):
    if over["thrown_in"]:
        return {}
    team = seat % 2
    figures = {"kaboot": over["team_tricks"][team] == 13, "tricks": over["tricks"][seat]}
    if variant == "classic":
        contract = over["contract"]
        declarer = contract["seat"] == seat
        return {**figures, "points": over["points"][team], "bid": contract["value"] if declarer else None,
                "made": over["made"] if declarer else None}
    bid = over["bids"][seat]
    return {**figures, "points": over["points"][seat], "bid": bid, "made": over["tricks"][seat] >= bid}


def empty(apps, schema_editor):
    apps.get_model("history", "HandResult").objects.all().delete()


class Migration(migrations.Migration):

    dependencies = [
        ("history", "0001_initial"),
        ("games", "0003_room_name_direction_marks"),
    ]

    operations = [migrations.RunPython(fill, empty)]
