"""Small helpers.

Used by the tests.
"""
import json
import os.path

RULE = "=" * 20
GREETING = ("hello, "
            "world")


class Counter:
    """Counts things."""

    def __init__(self):
        self.__n = 0

    def add(self, k=1):
        assert k > 0, "k must be positive"
        self.__n += k
        return self.__n


def add(a, b):
    return a + b


def show(x):
    return f"value={x!r:>8}"


def dumps(d):
    return json.dumps(d, sort_keys=True)


def base(p):
    return os.path.basename(p)
