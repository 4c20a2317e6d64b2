"""Partnership pairing: two teams a table, Swiss from round 2 on.

The whole field is paired at once as a maximum-weight perfect matching, so a rematch
near the top is never "fixed" by dumping the problem on the bottom tables the way a
greedy top-down pairing does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

import rustworkx as rx

from .records import Draw, Entrant, Met, field_of, meetings, rank, registration_order, times

# Neighbours in the standings each team may meet before the graph is widened. Eight is
# plenty for a real field and keeps a thousand teams to a few thousand edges.
FIRST_WINDOW = 8
WIDEN = 4


def pair_teams(
    entrants: Iterable[Entrant],
    round_number: int,
    rng: random.Random,
    *,
    random_first_round: bool = True,
) -> Draw:
    """Pair the teams for a round; the higher-ranked team of each table is team A.

    Priorities, strongest first: a bye only for a team with the fewest byes; no rematch
    while any pairing avoids one (then as few earlier meetings as possible); the bye to
    the lowest-ranked such team; each team as close as possible to its own rank.
    Round 1 treats the registration order (shuffled unless told otherwise) as the ranking.
    """
    field = field_of(entrants)
    if len(field) < 2:
        raise ValueError("At least two teams are needed to make a pairing.")
    if round_number <= 1:
        order = registration_order(field)
        if random_first_round:
            rng.shuffle(order)
    else:
        order = rank(field)
    met = meetings(field)
    tables, bye = _match(order, met)

    warnings = []
    rematches = 0
    for number, (a, b) in enumerate(tables, start=1):
        if m := met(a, b):
            rematches += 1
            warnings.append(
                f"Table {number}: teams #{a} and #{b} have met {times(m)} before; "
                "no pairing avoids a rematch."
            )
    byes: tuple[int, ...] = ()
    if bye is not None:
        byes = (bye.id,)
        if bye.byes:
            warnings.append(f"Team #{bye.id} gets another bye: every team has had one.")
    return Draw(tables=tuple(tables), byes=byes, rematches=rematches, warnings=tuple(warnings))


def _match(order: list[Entrant], met: Met) -> tuple[list[tuple[int, int]], Entrant | None]:
    """Tables (best-ranked first) and the bye, from a field in ranking order.

    Sparse graphs of near neighbours without any rematch edge are tried first; if none
    of them has a perfect matching, the complete graph with rematches priced in decides,
    which is exact: it finds a rematch-free pairing whenever one exists.
    """
    n = len(order)
    ids = [e.id for e in order]
    bye_node = n if n % 2 else None
    fewest = min(e.byes for e in order)
    bye_edges = [i for i, e in enumerate(order) if e.byes == fewest] if bye_node else []

    # Integer cost tiers: each unit is larger than anything the tiers below can add up to.
    swiss_total = n**3  # n/2 tables, each at most (n - 1)^2
    bye_unit = swiss_total + 1
    rematch_unit = n * bye_unit + swiss_total + 1
    most_met = max((len(e.opponents) for e in order), default=0)
    top = rematch_unit * most_met + n * bye_unit + 1  # weight = top - cost stays positive

    def table_cost(i: int, j: int) -> int:
        return (j - i) ** 2 + rematch_unit * met(ids[i], ids[j])

    window = FIRST_WINDOW
    while True:
        full = window >= n - 1
        graph = rx.PyGraph()
        graph.add_nodes_from(range(n + (bye_node is not None)))
        edges = [
            (i, j, top - table_cost(i, j))
            for i in range(n)
            for j in range(i + 1, min(n, i + window + 1))
            if full or not met(ids[i], ids[j])
        ]
        edges += [(i, bye_node, top - (n - 1 - i) * bye_unit) for i in bye_edges]
        graph.add_edges_from(edges)
        matching = rx.max_weight_matching(graph, max_cardinality=True, weight_fn=int)
        if full or 2 * len(matching) == graph.num_nodes():
            break
        window *= WIDEN

    tables = []
    bye = None
    for u, v in matching:
        i, j = sorted((u, v))
        if j == bye_node:
            bye = order[i]
        else:
            tables.append((i, j))
    tables.sort()
    return [(ids[i], ids[j]) for i, j in tables], bye
