"""The row lock every move takes: a match, its room and the room owner's name, in one
query whose SQL is written once per database connection.

The ORM's version (select_for_update with select_related("room__owner")) spent more
Python compiling its three-table select than the rest of a move did; this reads the same
columns, converts them with the fields' own converters and builds the models with
`from_db`, as a queryset would. Only the owner's id and username are read: a room's
summary needs nothing else of them.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any
from weakref import WeakKeyDictionary

from django.db import DEFAULT_DB_ALIAS, connections
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model
from django.db.transaction import TransactionManagementError

from accounts.models import User
from games.models import Match, Room

Converter = Callable[[Any, Any, BaseDatabaseWrapper], Any]
OWNER_FIELDS = ("id", "username")


@dataclass(frozen=True)
class _Part:
    model: type[Model]
    attnames: list[str]
    columns: list[tuple[Any, list[Converter]]]  # a column expression and its converters


@dataclass(frozen=True)
class _Query:
    sql: str
    parts: list[_Part]


_prepared: WeakKeyDictionary[BaseDatabaseWrapper, dict[bool, _Query]] = WeakKeyDictionary()


def locked_match(match_id: int, *, skip_locked: bool = False) -> Match | None:
    """The match row, locked until the transaction ends (None if there is none, or, with
    `skip_locked`, if another transaction holds it), with `room` and `room.owner` loaded."""
    connection = connections[DEFAULT_DB_ALIAS]
    if not connection.in_atomic_block:
        raise TransactionManagementError("locked_match() only locks inside a transaction.")
    queries = _prepared.setdefault(connection, {})
    if (query := queries.get(skip_locked)) is None:
        query = queries[skip_locked] = _prepare(connection, skip_locked)
    with connection.cursor() as cursor:
        cursor.execute(query.sql, [match_id])
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
    return match


def _prepare(connection: BaseDatabaseWrapper, skip_locked: bool) -> _Query:
    fields: list[tuple[type[Model], list[Field]]] = [
        (Match, list(Match._meta.concrete_fields)), (Room, list(Room._meta.concrete_fields)),
        (User, [field for field in User._meta.concrete_fields if field.name in OWNER_FIELDS])]
    parts = [_Part(model, [field.attname for field in chosen],
                   [_column(field, model._meta.db_table, connection) for field in chosen])
             for model, chosen in fields]

    def table(model: type[Model]) -> str:
        return connection.ops.quote_name(model._meta.db_table)

    def column(model: type[Model], field: str) -> str:
        name = next(f.column for f in model._meta.concrete_fields if f.name == field)
        assert name is not None  # concrete fields have columns
        return f"{table(model)}.{connection.ops.quote_name(name)}"

    select = ", ".join(column(model, field.name) for model, chosen in fields for field in chosen)
    sql = (f"SELECT {select} FROM {table(Match)}"
           f" INNER JOIN {table(Room)} ON {column(Room, 'id')} = {column(Match, 'room')}"
           f" INNER JOIN {table(User)} ON {column(User, 'id')} = {column(Room, 'owner')}"
           f" WHERE {column(Match, 'id')} = %s")
    if connection.features.has_select_for_update:
        sql += " " + connection.ops.for_update_sql(skip_locked=skip_locked, of=(table(Match),))
    return _Query(sql, parts)


def _column(field: Field, table: str, connection: BaseDatabaseWrapper) -> tuple[Any, list[Converter]]:
    """The column as a queryset reads it: the backend's converters, then the field's."""
    column = field.get_col(table)
    return column, [*connection.ops.get_db_converters(column), *column.get_db_converters(connection)]
