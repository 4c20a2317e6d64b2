"""Shared steps for web-layer tests: draw and publish a round, play a table through."""

from draw.rounds import draw_next_round, publish
from tournament.models import Round, Table


def published_round(tournament, seed: int = 1) -> Round:
    round_ = draw_next_round(tournament, seed=seed)
    publish(round_)
    return round_


def table_of(round_: Round, number: int = 1) -> Table:
    return round_.tables.get(number=number)


def page_form_values(response) -> dict:
    """The hidden one-time key and slot of the entry form on a table page."""
    ctx = response.context
    slot = ctx["slot"]
    return {"nonce": ctx["nonce"], "slot": f"{slot[0]}:{slot[1]}"}


def enter(client, url: str, hand: dict, side: int | None = 0, **extra):
    page = client.get(url)
    data = {**page_form_values(page), **{k: str(v) for k, v in hand.items()}, **extra}
    if side is not None:
        data["side"] = str(side)
    return client.post(url + "enter/", data)


def accept_pending(client, url: str, side: int):
    page = client.get(url)
    pending = page.context["pending"]
    return client.post(
        url + "accept/",
        {"hand": pending.hand.pk, "version": pending.hand.version, "side": side},
    )
