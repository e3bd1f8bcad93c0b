"""docs/record.schema.json's events are the engine's TypedDicts (games/engine/events.py) and
the server's commitment: each event type's schema names the keys of its TypedDict, nested
objects too, so a key added to one and not the other fails here; and every type of event a
match gives, a thrown-in hand's too, is valid by the schema."""

import random
import types
from typing import Any, Union, get_args, get_origin, get_type_hints, is_typeddict

import pytest
from jsonschema import Draft202012Validator

from games import engine, fairness
from tests.tables import quick_policy
from tests.test_record_schema import SCHEMA

LOGGED = (*get_args(engine.Event), fairness.Commitment)
EVENT = Draft202012Validator({"$defs": SCHEMA["$defs"], "$ref": "#/$defs/event"})


def type_of(typed_dict: Any) -> str:
    (kind,) = get_args(get_type_hints(typed_dict)["type"])
    return kind


SCHEMAS = {schema["properties"]["type"]["const"]: schema for schema in SCHEMA["$defs"]["event"]["oneOf"]}


def objects_in(schema: dict) -> list[dict]:
    """The object schemas a value's schema allows: through $ref, oneOf and array items."""
    if "$ref" in schema:
        return objects_in(SCHEMA["$defs"][schema["$ref"].removeprefix("#/$defs/")])
    if "oneOf" in schema:
        return [found for option in schema["oneOf"] for found in objects_in(option)]
    if schema.get("type") == "array":
        return objects_in(schema["items"])
    return [schema] if schema.get("type") == "object" else []


def typed_dicts_in(hint: Any) -> list[Any]:
    """The TypedDicts a value's type allows: through unions and lists."""
    if is_typeddict(hint):
        return [hint]
    if get_origin(hint) in (Union, types.UnionType, list):
        return [found for arg in get_args(hint) for found in typed_dicts_in(arg)]
    return []


def keys_of(typed_dict: Any) -> tuple[frozenset[str], frozenset[str]]:
    """(required keys, all keys)"""
    return typed_dict.__required_keys__, typed_dict.__required_keys__ | typed_dict.__optional_keys__


def assert_same_keys(typed_dict: Any, schema: dict, where: str) -> None:
    assert keys_of(typed_dict) == (frozenset(schema["required"]), frozenset(schema["properties"])), where
    assert schema["additionalProperties"] is False, where
    hints = get_type_hints(typed_dict)
    for key, value in schema["properties"].items():
        inner, objects = typed_dicts_in(hints[key]), objects_in(value)
        assert len(inner) == len(objects), f"{where}.{key}"
        # A union's objects match up by their keys: a bid and a pass differ.
        by_keys = {frozenset(nested["properties"]): nested for nested in objects}
        for typed in inner:
            nested = by_keys.get(keys_of(typed)[1])
            assert nested is not None, f"{where}.{key}: no object with the keys of {typed.__name__}"
            assert_same_keys(typed, nested, f"{where}.{key}")


def test_the_schema_has_one_event_for_each_typed_dict_and_no_other():
    assert sorted(SCHEMAS) == sorted(map(type_of, LOGGED))
    assert len(SCHEMAS) == len(SCHEMA["$defs"]["event"]["oneOf"])


@pytest.mark.parametrize("typed_dict", LOGGED, ids=type_of)
def test_an_events_schema_names_the_keys_of_its_typed_dict_required_and_optional(typed_dict):
    assert_same_keys(typed_dict, SCHEMAS[type_of(typed_dict)], type_of(typed_dict))


def test_a_key_missing_from_the_schema_is_found():
    trimmed = {**SCHEMAS["hand_scored"], "properties": dict(SCHEMAS["hand_scored"]["properties"])}
    del trimmed["properties"]["made"]
    with pytest.raises(AssertionError):
        assert_same_keys(engine.events.HandScored, trimmed, "hand_scored")


def played(variant: str) -> list[engine.Event]:
    """A whole match's events; its first hand is thrown in (everyone passes in Classic,
    the bids come to 8 in Tarneeb 41)."""
    rng = random.Random(16)
    game = engine.new_match(variant, dealer=0, target=31 if variant == "classic" else None)
    throw_in = {"type": "pass"} if variant == "classic" else {"type": "bid", "value": 2}
    events: list[engine.Event] = []
    while game.phase != "finished":
        if game.phase == "deal":
            deck = engine.full_deck()
            rng.shuffle(deck)
            events += game.deal(deck)
        else:
            action = throw_in if game.hand_number == 1 else quick_policy(game, game.legal_actions())
            events += game.apply(game.to_act, action)
    return events


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_every_type_of_event_a_match_gives_is_valid_by_the_schema(variant):
    events = played(variant)
    engine_types = {type_of(typed_dict) for typed_dict in get_args(engine.Event)}
    expected = engine_types - {"pass", "contract"} if variant == "forty_one" else engine_types
    assert {event["type"] for event in events} == expected
    for event in events:
        errors = [error.message for error in EVENT.iter_errors(event)]
        assert not errors, (event, errors[:3])
