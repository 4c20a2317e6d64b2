"""The ladder over the season as an SVG drawn on the server: the leaders' totals night by
night. Only numbers and class names go to the template (no script, no inline style: the
colours are the stylesheet's), and the drawing scales to the width of a phone."""

from __future__ import annotations

import math
from dataclasses import dataclass

LEADERS = 6  # lines a phone can tell apart
WIDTH, HEIGHT = 360, 220
LEFT, RIGHT, TOP, BOTTOM = 34, 10, 12, 26
X_LABELS = 8  # at most, so the night numbers never overlap


@dataclass(frozen=True)
class Series:
    name: str
    rank: str
    total: int
    points: str  # the polyline's "x,y x,y …"
    dots: tuple[tuple[float, float], ...]
    css: str


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    series: list[Series]
    y_ticks: list[tuple[float, int]]  # (y, total)
    x_ticks: list[tuple[float, int]]  # (x, night number)
    left: int
    right: int
    bottom: int


def nice_step(top: int) -> int:
    """A round step giving three to five gridlines up to `top`."""
    rough = max(1, top / 4)
    power = 10 ** math.floor(math.log10(rough))
    return next(s * power for s in (1, 2, 5, 10) if s * power >= rough)


def ladder_chart(rows, progress: dict, names: dict, nights: int) -> Chart | None:
    """The top LEADERS rows' totals after each night; None with fewer than one night."""
    if nights < 1 or not rows:
        return None
    leaders = rows[:LEADERS]
    highest = max((max(progress[r.player], default=0) for r in leaders), default=0)
    step = nice_step(highest)
    top = max(step, math.ceil(highest / step) * step)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return round(LEFT + (plot_w * i / (nights - 1) if nights > 1 else plot_w / 2), 1)

    def y(total: int) -> float:
        return round(TOP + plot_h * (1 - total / top), 1)

    series = []
    for n, row in enumerate(leaders, start=1):
        coords = tuple((x(i), y(t)) for i, t in enumerate(progress[row.player]))
        series.append(
            Series(
                name=names[row.player],
                rank=row.shown_rank,
                total=row.total,
                points=" ".join(f"{a},{b}" for a, b in coords),
                dots=coords if nights <= 20 else (),
                css=f"series-{n}",
            )
        )
    every = math.ceil(nights / X_LABELS)
    return Chart(
        width=WIDTH,
        height=HEIGHT,
        series=series,
        y_ticks=[(y(v), v) for v in range(0, top + 1, step)],
        x_ticks=[(x(i), i + 1) for i in range(0, nights, every)],
        left=LEFT,
        right=WIDTH - RIGHT,
        bottom=HEIGHT - BOTTOM,
    )
