"""The match row on the move path: found by its id or from the player's seat, read under its
lock with the room and the owner's name, and written back after the move, each in SQL
written once.

The ORM compiles a query anew every time, and for the lock and the save it cost more Python
than the rest of a move did (the three-table select of select_for_update + select_related, and
save(update_fields=...)). The same columns are read and written here, through the fields'
own converters and `get_db_prep_save`, and the models are built with `from_db`, as a
queryset builds them. Only the owner's id and username are read: a room's summary needs
nothing else of them. The seat's read, the first of every move, was a tenth of a scaled
daphne's CPU through the ORM (docs/performance.md); it is now the locked read itself.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from typing import Any
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model
from django.db.transaction import TransactionManagementError
from django.utils import timezone

from accounts.models import User
from games.models import Match, MatchEvent, Room, Seat

Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]
OWNER_FIELDS = ("id", "username")
# What a move changes (games.services.move_path).
MOVE_FIELDS = ("version", "state", "status", "winner", "finished_at", "deadline", "fairness", "seating")


@dataclass(frozen=True)
class _Part:
    model: type[Model]
    attnames: list[str]
    columns: list[tuple[Any, list[Converter]]]  # a column expression and its converters


@dataclass(frozen=True)
class _Query:
    sql: str
    parts: list[_Part]


@dataclass
class _Prepared:
    locks: dict[str, _Query]  # by what finds the row (_lock_query)
    update: str | None = None


_prepared: WeakKeyDictionary[BaseDatabaseWrapper, _Prepared] = WeakKeyDictionary()


def _prepared_for(connection: BaseDatabaseWrapper) -> _Prepared:
    if (prepared := _prepared.get(connection)) is None:
        prepared = _prepared[connection] = _Prepared({})
    return prepared


def _in_transaction(what: str) -> BaseDatabaseWrapper:
    connection = connections[DEFAULT_DB_ALIAS]
    if not connection.in_atomic_block:
        # A lock that ended with its statement would protect nothing.
        raise TransactionManagementError(f"{what} only inside a transaction.")
    return connection


def locked_match(match_id: int, *, skip_locked: bool = False) -> Match | None:
    """The match row, locked until the transaction ends (None if there is none, or, with
    `skip_locked`, if another transaction holds it), with `room` and `room.owner` loaded."""
    found = _read_locked("skip_locked" if skip_locked else "id", [match_id])
    return None if found is None else found[0]


def locked_seat(room_id: str, user_id: int) -> tuple[int, Match] | None:
    """The user's seat at the room's match in play and that match, its row locked as
    locked_match() locks it; None if they have no seat at a match in play there. The first
    read of a player's move (move_path.act): the seat's own read before the lock was one
    more statement a move."""
    found = _read_locked("seat", [user_id, room_id, Match.Status.PLAYING])
    return None if found is None else (found[1], found[0])


def _read_locked(by: str, params: list[Any]) -> tuple[Match, Any] | None:
    connection = _in_transaction("A locked read")
    prepared = _prepared_for(connection)
    if (query := prepared.locks.get(by)) is None:
        query = prepared.locks[by] = _lock_query(connection, by)
    with connection.cursor() as cursor:
        cursor.execute(query.sql, params)
        row = cursor.fetchone()
    if row is None:
        return None
    instances, start = [], 0
    for part in query.parts:
        values = []
        for value, (column, converters) in zip(row[start:], part.columns, strict=False):
            for convert in converters:
                value = convert(value, column, connection)
            values.append(value)
        instances.append(part.model.from_db(connection.alias, part.attnames, values))
        start += len(part.columns)
    match, room, owner = instances
    assert isinstance(match, Match) and isinstance(room, Room) and isinstance(owner, User)
    room.owner = owner
    match.room = room
    return match, (row[start] if by == "seat" else None)


def save_move(match: Match) -> None:
    """Write what a move changed (MOVE_FIELDS) to the row locked_match() read."""
    connection = _in_transaction("save_move()")
    prepared = _prepared_for(connection)
    fields = _move_fields()
    if prepared.update is None:
        quote = connection.ops.quote_name
        assignments = ", ".join(f"{quote(_column_name(field))} = %s" for field in fields)
        prepared.update = (f"UPDATE {quote(Match._meta.db_table)} SET {assignments}"
                           f" WHERE {quote(_column_name(_concrete(Match, 'id')))} = %s")
    values = [field.get_db_prep_save(getattr(match, field.attname), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(prepared.update, [*values, match.pk])
        if cursor.rowcount != 1:
            raise Match.DoesNotExist(f"no match {match.pk} to save")


def append_event(**values: Any) -> None:
    """Append one move to the match's log: a MatchEvent row (match, seq, seat, actor,
    action, result, bot) with its creation time, as `MatchEvent.objects.create` writes it.
    The ORM's insert was a tenth of a scaled daphne's CPU on the move path."""
    connection = _in_transaction("append_event()")
    fields = _event_fields()
    values["created_at"] = timezone.now()
    with connection.cursor() as cursor:
        cursor.execute(_event_insert_sql(), [field.get_db_prep_save(values[field.name], connection)
                                             for field in fields])


@cache
def _event_fields() -> list[Field]:
    return [_concrete(MatchEvent, name)
            for name in ("match", "seq", "seat", "actor", "action", "result", "bot", "created_at")]


@cache
def _event_insert_sql() -> str:
    quote = connections[DEFAULT_DB_ALIAS].ops.quote_name
    columns = ", ".join(quote(_column_name(field)) for field in _event_fields())
    marks = ", ".join(["%s"] * len(_event_fields()))
    return f"INSERT INTO {quote(MatchEvent._meta.db_table)} ({columns}) VALUES ({marks})"


@cache
def _move_fields() -> list[Field]:
    return [_concrete(Match, name) for name in MOVE_FIELDS]


def _concrete(model: type[Model], name: str) -> Field:
    return next(field for field in model._meta.concrete_fields if field.name == name)


def _column_name(field: Field) -> str:
    assert field.column is not None  # concrete fields have columns
    return field.column


def _lock_query(connection: BaseDatabaseWrapper, by: str) -> _Query:
    """The match, its room and the owner's name, the match's row locked, found by its id
    ("id", "skip_locked") or by a person's seat at the room's match in play ("seat": the
    seat's number is the last column)."""
    fields: list[tuple[type[Model], list[Field]]] = [
        (Match, list(Match._meta.concrete_fields)), (Room, list(Room._meta.concrete_fields)),
        (User, [field for field in User._meta.concrete_fields if field.name in OWNER_FIELDS])]
    parts = [_Part(model, [field.attname for field in chosen],
                   [_column(field, model._meta.db_table, connection) for field in chosen])
             for model, chosen in fields]

    def table(model: type[Model]) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    def column(model: type[Model], field: str) -> str:
        return f"{table(model)}.{connection.ops.quote_name(_column_name(_concrete(model, field)))}"

    select = ", ".join(column(model, field.name) for model, chosen in fields for field in chosen)
    joins = (f" INNER JOIN {table(Room)} ON {column(Room, 'id')} = {column(Match, 'room')}"
             f" INNER JOIN {table(User)} ON {column(User, 'id')} = {column(Room, 'owner')}")
    if by == "seat":
        sql = (f"SELECT {select}, {column(Seat, 'number')} FROM {table(Match)}{joins}"
               f" INNER JOIN {table(Seat)} ON {column(Seat, 'room')} = {column(Match, 'room')}"
               f" AND {column(Seat, 'user')} = %s"
               f" WHERE {column(Match, 'room')} = %s AND {column(Match, 'status')} = %s")
    else:
        sql = f"SELECT {select} FROM {table(Match)}{joins} WHERE {column(Match, 'id')} = %s"
    if connection.features.has_select_for_update:
        sql += " " + connection.ops.for_update_sql(skip_locked=by == "skip_locked", of=(table(Match),))
    return _Query(sql, parts)


def _column(field: Field, table: str, connection: BaseDatabaseWrapper) -> tuple[Any, list[Converter]]:
    """The column as a queryset reads it: the backend's converters, then the field's."""
    column = field.get_col(table)
    return column, [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]
