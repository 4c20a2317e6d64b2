"""Reading a hand form's values (POST strings or native values) one field at a time.

Each game gives the message for each field, naming the field and the rule, so a scorer
sees every mistake at once, next to the field it belongs to.
"""

from __future__ import annotations

from collections.abc import Mapping

from .base import Choices, InvalidHand, to_bool, to_int


def is_blank(value: object) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


class HandReader:
    """Collects one message per field; done() raises InvalidHand with all of them."""

    def __init__(self, data: Mapping[str, object]):
        self.data = data
        self.errors: dict[str, str] = {}

    def blank(self, name: str) -> bool:
        return is_blank(self.data.get(name))

    def error(self, name: str, message: str) -> None:
        self.errors.setdefault(name, message)

    def int(
        self,
        name: str,
        message: str,
        low: int | None = None,
        high: int | None = None,
        required: bool = True,
    ) -> int | None:
        if self.blank(name):
            if required:
                self.error(name, message)
            return None
        number = to_int(self.data.get(name))
        if (
            number is None
            or (low is not None and number < low)
            or (high is not None and number > high)
        ):
            self.error(name, message)
            return None
        return number

    def choice(
        self, name: str, choices: Choices, message: str, required: bool = True
    ) -> str | None:
        if self.blank(name):
            if required:
                self.error(name, message)
            return None
        value = str(self.data.get(name)).strip()
        if value not in {choice for choice, _ in choices}:
            self.error(name, message)
            return None
        return value

    def who(self, name: str, count: int, message: str, required: bool = True) -> int | None:
        """A side or seat index, given as "0", "1", ... (or the int itself)."""
        value = self.data.get(name)
        if is_blank(value):
            if required:
                self.error(name, message)
            return None
        index = to_int(value)
        if index is None or not 0 <= index < count:
            self.error(name, message)
            return None
        return index

    def bool(self, name: str, message: str) -> bool:
        value = to_bool(self.data.get(name))
        if value is None:
            self.error(name, message)
            return False
        return value

    def done(self) -> None:
        if self.errors:
            raise InvalidHand(self.errors)
