"""A rating's history as an SVG chart drawn on the server: the skill (mu) as a line in
its band of mu ± 3 sigma, whose lower edge is the displayed rating. No script and no
style attribute (the Content-Security-Policy forbids both): the classes are in the CSS."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from league.ratings import SPREAD, Rating

WIDTH, HEIGHT = 480, 220
LEFT, RIGHT, TOP, BOTTOM = 34, 8, 10, 22  # room for the axis labels


@dataclass(frozen=True)
class Tick:
    y: float
    label: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    line: str  # polyline points: the skill
    floor: str  # polyline points: the displayed rating
    band: str  # polygon points: mu ± 3 sigma
    ticks: list[Tick]
    left: int
    right: int
    bottom: float
    tables: int


def _step(span: float) -> int:
    """A round tick step giving four to eight ticks over the span."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if span / step <= 8:
            return step
    return 200


def chart(steps: Sequence[Rating]) -> Chart:
    """The chart of these ratings: the start, then after each table."""
    highs = [r.mu + SPREAD * r.sigma for r in steps]
    lows = [r.mu - SPREAD * r.sigma for r in steps]
    step = _step(max(highs) - min(lows))
    top = step * -(-max(highs) // step)
    bottom = step * (min(lows) // step)
    inner_w, inner_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    last = max(1, len(steps) - 1)

    def x(i: int) -> float:
        return LEFT + inner_w * i / last

    def y(value: float) -> float:
        return TOP + inner_h * (top - value) / (top - bottom)

    def points(values: Sequence[float], order: Sequence[int]) -> str:
        return " ".join(f"{x(i):.1f},{y(values[i]):.1f}" for i in order)

    forward = range(len(steps))
    ticks = []
    value = bottom
    while value <= top:
        ticks.append(Tick(round(y(value), 1), f"{value:g}"))
        value += step
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        line=points([r.mu for r in steps], forward),
        floor=points(lows, forward),
        band=points(highs, forward) + " " + points(lows, reversed(forward)),
        ticks=ticks,
        left=LEFT,
        right=WIDTH - RIGHT,
        bottom=HEIGHT - BOTTOM,
        tables=len(steps) - 1,
    )
