"""A bench's measure of a piece of work: its best time of a few runs."""

from __future__ import annotations

import time
from collections.abc import Callable

REPEAT = 3


def best(work: Callable[[], object]) -> float:
    """The shortest of REPEAT runs of `work`, in seconds."""
    times = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        work()
        times.append(time.perf_counter() - start)
    return min(times)
