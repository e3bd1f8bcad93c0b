"""The one path that writes a match: every move, whoever makes it, and every change to
the seating of a match in play.

Every move is applied by `_apply` with the match row locked: a player's or a bot's
through `play()`, which checks the version first; the turn timer's and the next deal
through `play_deadline()`, which checks the deadline. `_apply` applies the move with the
engine, appends it to the event log, runs the apps' hooks (games.services.hooks), stores
the next deadline (beat's sweep is the timer) and schedules the broadcast for after the
commit. Check, then do, under the lock; send on commit.
"""

import secrets
from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from games import engine, fairness, match_row, models
from games.models import Match, MatchEvent, MatchPlayer, Room, Seat
from games.services import hooks, published
from games.services.refusals import Refused, removed, require_login, require_seat_number, stale
from games.services.sitters import bot_level, gone_from, removed_from

PLAYER, TIMER, SYSTEM, BOT = (MatchEvent.Actor.PLAYER, MatchEvent.Actor.TIMER, MatchEvent.Actor.SYSTEM,
                              MatchEvent.Actor.BOT)
DEAL = {"type": "deal"}
# Behind a bot's move, the timer waits this long past the bot's pause.
BOT_GRACE_SECONDS = 3
# Sent by name: games.tasks calls the bots, which call this module (no import circle).
BOT_MOVE_TASK = "games.tasks.bot_move"


def start_match(room: Room, *, dealer: int | None = None, deals: int | None = None,
                hold_seeds: bool = False) -> Match:
    """The room's four are seated (the caller holds the room's lock): a match, and its
    first deal. An event's table gives its first dealer, its number of deals, and holds
    its seeds (released by `release_seeds`) while other tables play the same deals."""
    game = engine.new_match(room.variant, dealer=secrets.randbelow(4) if dealer is None else dealer,
                            target=room.target, deals=deals)
    seats = list(room.seats.select_related("user").order_by("number"))
    match = Match.objects.create(
        room=room, variant=room.variant, target=game.target, first_dealer=game.dealer,
        state=game.to_dict(), deals=deals, seeds_held=hold_seeds,
        seating=[{"user": seat.user_id, "username": seat.user.username, "timeouts": 0,
                  **({"bot": seat.user.bot_level, "name": seat.bot_name} if seat.bot else {})}
                 for seat in seats])
    MatchPlayer.objects.bulk_create(
        MatchPlayer(match=match, seat=seat.number, user_id=seat.user_id) for seat in seats)
    _apply(match, game, seat=None, actor=SYSTEM, action=DEAL)
    return match


def play(match_id: int, *, seat: int | None, action: Any, version: Any, actor: str = PLAYER,
         bot: dict[str, Any] | None = None) -> Match:
    """Apply one move for `seat` at match `version`; raise Refused and change nothing if it
    is not allowed. Deals are the system's move (`actor=SYSTEM`, `action={"type": "deal"}`);
    a bot's move logs `bot`, its level, version and rng seed (games.bot_replay)."""
    with transaction.atomic():
        match = _locked_match(match_id)
        if match.status != Match.Status.PLAYING:
            raise Refused("finished", _("This match is over."))
        _play_locked(match, seat=seat, action=action, version=version, actor=actor, bot=bot)
        return match


def act(room_id: str, user: User | AnonymousUser, action: Any, version: Any) -> None:
    """A seated player's move from the table protocol."""
    if not user.is_authenticated:
        raise Refused("not_seated", _("Log in and take a seat to play."))
    hooks.may_act.check(user)
    with transaction.atomic():
        # One read for the usual case, a seat at a table in play; the refusals look further.
        if (playing := match_row.locked_seat(room_id, user.pk)) is None:
            raise _not_playing(room_id, user)
        seat, match = playing
        if not isinstance(action, dict) or action.get("type") == "deal":
            raise Refused("illegal", _("Unknown action."))
        _play_locked(match, seat=seat, action=action, version=version, actor=PLAYER)


def _play_locked(match: Match, *, seat: int | None, action: Any, version: Any, actor: str,
                 bot: dict[str, Any] | None = None) -> None:
    """The checks of play() and act() on the locked row of a match in play, then the move."""
    if type(version) is not int or version != match.version:
        raise stale(match.pk, match.version)
    game = match.game
    if actor == PLAYER and seat is not None and match.seating[seat].get("removed"):
        raise removed()
    if actor == PLAYER and seat is not None and match.seating[seat].get("left"):
        raise _left()
    if actor in (PLAYER, BOT) and game.to_act != seat:
        raise Refused("not_your_turn", _("It is not your turn."))
    if actor == BOT and (seat is None or bot_level(match.seating[seat]) is None):
        # The player came back (or moved) since the bot was asked: the seat is theirs.
        raise Refused("not_your_turn", _("It is not your turn."))
    _apply(match, game, seat=seat, actor=actor, action=action, bot=bot if actor == BOT else None)


def _not_playing(room_id: str, user: User) -> Refused:
    if Seat.objects.filter(room_id=room_id, user=user).exists():
        return Refused("no_match", _("No match is being played at this table."))
    # A removed or leaving player's seat row is gone (the next match is not theirs): say why.
    live = Match.objects.filter(room_id=room_id, status=Match.Status.PLAYING).first()
    if removed_from(live, user):
        return removed()
    if gone_from(live, user):
        return _left()
    return Refused("not_seated", _("You are not seated at this table."))


def _left() -> Refused:
    return Refused("left", _("You left this match: a bot plays your seat until it ends."))


def play_overdue(limit: int = 200) -> int:
    """The turn timer: play every turn whose deadline passed (and the next deal after a
    hand's pause). Beat runs it every SWEEP_SECONDS (docs/timers.md).

    Deadlines live on the match rows, so a move sends no timer message, and a sweep costs
    one indexed query when nothing is due. Matches are claimed with SKIP LOCKED, so two
    sweeps share a burst rather than wait on each other.
    """
    overdue = (Match.objects.filter(status=Match.Status.PLAYING, deadline__lte=timezone.now())
               .order_by("deadline").values_list("pk", flat=True)[:limit])
    return sum(play_deadline(match_id, skip_locked=True) for match_id in overdue)


def play_deadline(match_id: int, *, skip_locked: bool = False) -> bool:
    """The timer's move at a match whose deadline has passed: the timeout action of the
    seat to act, or the next deal. The deadline is read again under the row lock, so a
    turn played or pushed back ("back") since the caller looked is left alone. With
    `skip_locked`, a match someone else holds is left to them."""
    with transaction.atomic():
        match = match_row.locked_match(match_id, skip_locked=skip_locked)
        if match is None or match.status != Match.Status.PLAYING or match.deadline is None \
                or match.deadline > timezone.now():
            return False
        game = match.game
        if game.phase == "deal":
            _apply(match, game, seat=None, actor=SYSTEM, action=DEAL)
        else:
            _apply(match, game, seat=game.to_act, actor=TIMER, action=game.timeout_action())
        return True


def ask_waiting_bots() -> int:
    """Ask every bot whose turn it is to move (the memory transport forgets the bots'
    tasks when the embedded worker restarts; their deadlines are on the rows)."""
    playing = (Match.objects.filter(status=Match.Status.PLAYING)
               .only("pk", "version", "state", "seating", "deadline"))
    return sum(_ask_bot(match, match.game) for match in playing)


def back(room_id: str, user: User | AnonymousUser) -> None:
    """The player says they are back: the timer stops playing their turns early."""
    user = require_login(user)
    hooks.may_act.check(user)
    with transaction.atomic():
        match = _locked_live_match(room_id)
        seat = next((n for n, sitter in enumerate(match.seating) if sitter["user"] == user.pk), None)
        if seat is None:
            raise Refused("not_seated", _("You are not seated at this table."))
        if match.seating[seat].get("removed"):
            raise removed()
        if match.seating[seat].get("left"):
            raise _left()
        if not match.seating[seat]["timeouts"]:
            return  # nothing changed, so nobody needs a new state
        match.seating[seat]["timeouts"] = 0
        _seating_changed(match, seat)


def leave(room_id: str, user: User | AnonymousUser, *, confirmed: bool) -> None:
    """A seated player leaves the match in play: a standard bot plays their seat to its end,
    their seat row goes (the next match is not theirs), and the match counts as one they
    left (docs/leavers.md). Unconfirmed, nothing changes: the refusal `confirm_leave` says
    what leaving does, for the player to confirm."""
    user = require_login(user)
    with transaction.atomic():
        match = _locked_live_match(room_id)
        seat = next((n for n, sitter in enumerate(match.seating) if sitter["user"] == user.pk), None)
        if seat is None or match.seating[seat].get("bot"):
            raise Refused("not_seated", _("You are not seated at this table."))
        sitter = match.seating[seat]
        if sitter.get("removed"):
            raise removed()
        if sitter.get("left"):
            raise _left()
        if not confirmed:
            raise Refused("confirm_leave", _("Leave the match? A bot plays your seat until it ends, and you "
                                             "cannot come back to it."))
        sitter["left"] = True
        Seat.objects.filter(room_id=room_id, user_id=user.pk, bot=False).delete()
        _seating_changed(match, seat)


def remove_player(room_id: str, seat: Any) -> tuple[Match, int]:
    """A moderator takes `seat`'s player away from the match being played at the room.

    The seat stays in the match and the timer plays it at once from now on (it counts as
    away for good); the player's moves and "back" are refused (`removed`), and their seat
    row goes, so the next match is not theirs. `seating[seat]["removed"]` is what the
    playban app reads when the match finishes. Returns the match and the user's id.
    """
    seat = require_seat_number(seat)
    with transaction.atomic():
        match = _locked_live_match(room_id)
        sitter = match.seating[seat]
        if sitter.get("removed"):
            raise Refused("removed", _("That player was already removed from this table."))
        sitter["removed"] = True
        Seat.objects.filter(room_id=room_id, user_id=sitter["user"]).delete()
        _seating_changed(match, seat)
        return match, sitter["user"]


def rename_sitter(user_id: int, name: str) -> int:
    """The account `user_id` was deleted (accounts.deletion): `name` stands for it in the
    seating of every match it sat in, so that no page, record or export names it. The
    moves, the deals and the scores are untouched: each match replays and verifies as
    before. A match still in play (the person left it to a bot) is published again.
    Returns the number of matches."""
    match_ids = list(MatchPlayer.objects.filter(user_id=user_id).values_list("match_id", flat=True)
                     .distinct().order_by("match_id"))
    for match_id in match_ids:
        match = _locked_match(match_id)
        for sitter in match.seating:
            if sitter.get("user") == user_id:
                sitter["username"] = name
        match.save(update_fields=["seating"])
        if match.status == Match.Status.PLAYING:
            published.publish_match(match, match.game, lobby=False)
    return len(match_ids)


def abort_matches(room: Room) -> None:
    """The room was closed (the caller holds its lock): its match in play is aborted."""
    for match in room.matches.select_for_update().filter(status=Match.Status.PLAYING):
        match.status, match.deadline, match.finished_at = Match.Status.ABORTED, None, timezone.now()
        if match.fairness.get("hand") is not None:
            _reveal_seed(match)  # nobody plays this hand any more: its deal can be checked
        match.save(update_fields=["status", "deadline", "finished_at", "fairness"])


def _locked_live_match(room_id: str) -> Match:
    """The match in play at the room, locked; Refused when there is none."""
    match_id = (Match.objects.filter(room_id=room_id, status=Match.Status.PLAYING)
                .values_list("pk", flat=True).first())
    if match_id is None:
        raise Refused("no_match", _("No match is being played at this table."))
    match = _locked_match(match_id)
    if match.status != Match.Status.PLAYING:
        raise Refused("finished", _("This match is over."))
    return match


def _seating_changed(match: Match, seat: int) -> None:
    """Save a change to `seat`'s sitter (back, removed); its turn's deadline follows it."""
    fields = ["seating"]
    game = match.game
    if game.to_act == seat:
        _set_deadline(match, game)
        fields.append("deadline")
        _ask_bot(match, game)
    match.save(update_fields=fields)
    published.publish_match(match, game, lobby=False)


def _locked_match(match_id: int) -> Match:
    if (match := match_row.locked_match(match_id)) is None:
        raise Match.DoesNotExist(f"no match {match_id}")
    return match


def _apply(match: Match, game: engine.Match, *, seat: int | None, actor: str, action: Any,
           bot: dict[str, Any] | None = None) -> None:
    if actor == SYSTEM and action == DEAL:
        chosen = (seed for choose in hooks.deal_seed
                  if (seed := choose(match, game.hand_number + 1)) is not None)
        seed = next(chosen, None) or fairness.new_seed()
        events: Sequence[models.LoggedEvent] = [*game.deal(fairness.deck_from_seed(seed)), {
            "type": "commitment", "hand": game.hand_number, "sha256": fairness.commitment(seed)}]
        action = {"type": "deal", "seed": seed.hex()}
        match.fairness = {"hand": game.hand_number, "sha256": fairness.commitment(seed),
                          "previous": match.fairness.get("previous")}
    else:
        try:
            events = game.apply(seat, action)
        except engine.IllegalAction as exc:
            raise Refused("illegal", str(exc)) from None
    match.version += 1
    match_row.append_event(match=match.pk, seq=match.version, seat=seat, actor=actor, action=action,
                           result=events, bot=bot)
    for moved in hooks.moved:
        moved(match, events)
    if any(map(engine.ends_hand, events)):
        _reveal_seed(match)
    if seat is not None and actor != BOT:  # a bot playing for an away player leaves them away
        _note_timeouts(match, seat, timed_out=actor == TIMER)
    match.state = game.to_dict()
    if game.phase == "finished":
        match.status, match.winner, match.finished_at = Match.Status.FINISHED, game.winner, timezone.now()
        for finished in hooks.match_finished:  # rated and settled once, with the result
            finished(match)
    _set_deadline(match, game)
    match_row.save_move(match)
    # The lobby shows whether a room plays, not each move.
    published.publish_match(match, game, lobby=match.version == 1 or game.phase == "finished")
    _ask_bot(match, game)


def _reveal_seed(match: Match) -> None:
    deal = match.events.filter(action__type="deal").order_by("-seq").first()
    if deal is not None:
        match.fairness = {"hand": None, "sha256": None, "previous": {
            "hand": match.fairness.get("hand"), "sha256": match.fairness.get("sha256"),
            "seed": None if match.seeds_held else deal.action["seed"]}}


def release_seeds(match_ids: Sequence[int]) -> int:
    """Every table that played these deals is done (an event is over): the seeds of those
    matches that are over may be shown, their last one at the table too. Returns how many
    were released (one still being played keeps its seeds)."""
    released = 0
    for match_id in match_ids:
        with transaction.atomic():
            match = _locked_match(match_id)
            if not match.seeds_held or match.status == Match.Status.PLAYING:
                continue
            match.seeds_held = False
            deal = match.events.filter(action__type="deal").order_by("-seq").first()
            if deal is not None and (previous := match.fairness.get("previous")):
                previous["seed"] = deal.action["seed"]
            match.save(update_fields=["seeds_held", "fairness"])
            released += 1
    return released


def _note_timeouts(match: Match, seat: int, *, timed_out: bool) -> None:
    sitter = match.seating[seat]
    sitter["timeouts"] = sitter["timeouts"] + 1 if timed_out else 0


def _set_deadline(match: Match, game: engine.Match) -> None:
    now = timezone.now()
    if game.phase == "finished":
        match.deadline = None
    elif game.phase == "deal":
        match.deadline = now + timedelta(seconds=settings.NEXT_HAND_SECONDS)
    else:
        seconds: float = match.room.turn_seconds
        if game.to_act is not None and bot_level(match.seating[game.to_act]) is not None:
            # The timer stands behind a bot's move, and makes it if the bot's task is lost.
            seconds = min(seconds, settings.BOT_MOVE_SECONDS + BOT_GRACE_SECONDS)
        match.deadline = now + timedelta(seconds=seconds)


def _ask_bot(match: Match, game: engine.Match) -> bool:
    """After the commit, the bot's move if a bot is to act; the timer stands behind it."""
    if match.deadline is None or game.phase in ("deal", "finished") or game.to_act is None \
            or bot_level(match.seating[game.to_act]) is None:
        return False
    bot_move = current_app.signature(BOT_MOVE_TASK, args=(match.pk, match.version),
                                     countdown=settings.BOT_MOVE_SECONDS)
    transaction.on_commit(bot_move.apply_async)
    return True
