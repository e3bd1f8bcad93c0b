"""games/protocol.py's optional keys are optional at run time too, not only to mypy."""

from games.protocol import ErrorMessage


def test_an_errors_url_is_an_optional_key():
    assert ErrorMessage.__optional_keys__ == {"url"}
    assert ErrorMessage.__required_keys__ == {"type", "code", "message"}
