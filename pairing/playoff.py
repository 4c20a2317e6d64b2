"""The playoff as pure functions: who makes the cut, and the single-elimination bracket.

No Django here (like pairing and standings): the scoring layer hands in the ranked
standings, the seeds it stored and the winners of the playoff tables, and stores the
matches this module returns as rounds with tables. The bracket is re-derived from the
seeds and the winners every time, so a corrected result can never leave it stale.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Cut:
    """Where the line falls under the top `size`, and who is level across it."""

    size: int
    qualifiers: tuple[int, ...]  # in seed order, ties across the line settled by row order
    line_after: int  # the line is drawn under this many rows of the standings
    tied: tuple[int, ...] = ()  # level with the last qualifier, on both sides of the line
    places_in_tie: int = 0  # how many of `tied` go through

    @property
    def sure(self) -> tuple[int, ...]:
        """The qualifiers not caught in a tie across the line."""
        return tuple(e for e in self.qualifiers if e not in self.tied)


def cut(
    ranked: Sequence[tuple[int, int]], size: int, eligible: Collection[int] | None = None
) -> Cut:
    """The top `size` of `ranked` ((entrant, rank) in standings order) who may still play.

    A withdrawn team keeps its row but cannot advance: the next eligible one moves up.
    """
    if size < 2:
        raise ValueError("A playoff needs at least two teams.")
    playing = [(e, r) for e, r in ranked if eligible is None or e in eligible]
    if size > len(playing):
        raise ValueError(f"Only {len(playing)} teams can play: {size} cannot advance.")
    qualifiers = tuple(e for e, _ in playing[:size])
    last = qualifiers[-1]
    line_after = next(i for i, (e, _) in enumerate(ranked, start=1) if e == last)
    if size == len(playing) or playing[size - 1][1] != playing[size][1]:
        return Cut(size, qualifiers, line_after)
    level = playing[size - 1][1]
    tied = tuple(e for e, r in playing if r == level)
    inside = sum(1 for e in qualifiers if e in tied)
    return Cut(size, qualifiers, line_after, tied, inside)


def settle(c: Cut, chosen: Collection[int]) -> tuple[int, ...]:
    """The seeds once the director has said which of the tied teams go through."""
    if not c.tied:
        return c.qualifiers
    chosen = set(chosen)
    if not chosen <= set(c.tied) or len(chosen) != c.places_in_tie:
        raise ValueError(
            f"Choose exactly {c.places_in_tie} of the {len(c.tied)} tied teams to go through."
        )
    return c.sure + tuple(e for e in c.tied if e in chosen)


@dataclass(frozen=True)
class Match:
    """One playoff match: the better seed sits North-South; no `low` is a bye."""

    high: int
    low: int | None = None

    @property
    def bye(self) -> bool:
        return self.low is None

    @property
    def teams(self) -> frozenset[int]:
        return frozenset(e for e in (self.high, self.low) if e is not None)


def positions(size: int) -> list[int]:
    """Seeds in bracket order for a power-of-two bracket: 1 and 2 can only meet in the final,
    and each first-round match is 1 v N, 2 v N-1, ... (for 8: 1 8 4 5 2 7 3 6)."""
    order = [1]
    while len(order) < size:
        n = len(order) * 2
        order = [x for seed in order for x in (seed, n + 1 - seed)]
    return order


def first_round(seeds: Sequence[int]) -> tuple[Match, ...]:
    """1 v N, 2 v N-1, ...; short of a power of two, the top seeds have a bye."""
    if len(seeds) < 2:
        raise ValueError("A playoff needs at least two teams.")
    if len(set(seeds)) != len(seeds):
        raise ValueError("A team cannot hold two seeds.")
    size = 1 << (len(seeds) - 1).bit_length()
    order = positions(size)
    matches = []
    for a, b in zip(order[::2], order[1::2], strict=True):
        high, low = min(a, b), max(a, b)
        matches.append(Match(seeds[high - 1], seeds[low - 1] if low <= len(seeds) else None))
    return tuple(matches)


def winner_of(match: Match, winners: Mapping[frozenset[int], int]) -> int | None:
    if match.bye:
        return match.high
    return winners.get(match.teams)


def next_round(
    matches: Sequence[Match], winners: Mapping[frozenset[int], int], seeds: Sequence[int]
) -> tuple[Match, ...] | None:
    """Winners of neighbouring matches meet; None while any match is undecided."""
    if len(matches) < 2:
        return None
    through = [winner_of(m, winners) for m in matches]
    if None in through:
        return None
    seed = {e: i for i, e in enumerate(seeds)}
    pairs = zip(through[::2], through[1::2], strict=True)
    return tuple(Match(*sorted((a, b), key=lambda e: seed[e])) for a, b in pairs)


def bracket(seeds: Sequence[int], winners: Mapping[frozenset[int], int]) -> list[tuple[Match, ...]]:
    """Every bracket round reachable from the results so far, first round first."""
    rounds = [first_round(seeds)]
    while (following := next_round(rounds[-1], winners, seeds)) is not None:
        rounds.append(following)
    return rounds


def champion(seeds: Sequence[int], winners: Mapping[frozenset[int], int]) -> int | None:
    final = bracket(seeds, winners)[-1]
    if len(final) != 1:
        return None
    return winner_of(final[0], winners)
