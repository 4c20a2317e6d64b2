"""Made-up hands for each game, as a table's phone would enter them: the demo's nights
and the season's past weeks are played with these."""

import random

from rules import get_ruleset


def kitty_hand(rng: random.Random) -> dict:
    level = rng.choice([4, 4, 5, 5, 6, 7])
    form = rng.choice(["plain", "plain", "special", "no"])
    return {
        "bidding_team": rng.randint(0, 1),
        "level": level,
        "form": form,
        "direction": rng.choice(["uptown", "downtown"]) if form == "no" else None,
        "books": min(13, max(0, 6 + level + rng.choice([-2, -1, 0, 0, 1, 1, 2]))),
    }


def three_legged_hand(rng: random.Random, number: int, size: int) -> dict:
    if rng.random() < 0.1:
        return {"passed_out": True}
    contract = rng.choice(["null", "clubs", "diamonds", "hearts", "spades", "notrump"])
    bid = rng.randint(1, 5)
    return {
        "passed_out": False,
        "cat": rng.randrange(size),
        "number": bid,
        "contract": contract,
        "tricks": rng.randint(0, 8 - bid) if contract == "null" else rng.randint(bid - 1, 10),
    }


def ascot_hand(rng: random.Random, number: int, size: int) -> dict:
    """A deal with Ramsch on, at a table of three or four (at four the dealer sits out)."""
    sitting_out = get_ruleset("ascot").sits_out(number, size)
    playing = [seat for seat in range(size) if seat != sitting_out]
    if rng.random() < 0.15:  # passed out: played as Ramsch
        a = rng.randint(20, 60)
        b = rng.randint(10, 120 - a - 10)
        points = dict(zip(playing, (a, b, 120 - a - b), strict=True))
        return {"passed_out": True, **{f"ramsch_{seat}": points[seat] for seat in playing}}
    game = rng.choice(["suit", "suit", "grand", "notrump", "null"])
    bid = rng.choice([75, 80, 85, 90, 100])
    hand = {"passed_out": False, "declarer": rng.choice(playing), "bid": bid, "game": game}
    if game == "null":
        return {**hand, "tricks": rng.choice([0, 0, 1])}
    contra = bid >= 80 and rng.random() < 0.2
    return {
        **hand,
        "kitty_free": rng.random() < 0.2,
        "contra": contra,
        "redouble": contra and rng.random() < 0.5,
        "card_points": rng.randint(55, 110),
    }


def pinochle_hand(rng: random.Random, number: int, size: int) -> dict:
    """A hand at a table whose first hand the first seat dealt (a new table's own): a bid
    of 20 is the forced bid of the player left of the dealer (The Bid)."""
    hand = {"bidder": rng.randrange(size), "bid": rng.choice([20, 21, 23, 25, 28, 30, 36])}
    if hand["bid"] == 20:
        pinochle = get_ruleset("cutthroat-pinochle").with_first_dealer(0)
        hand["bidder"] = pinochle.forced_bidder(number, size)
    if rng.random() < 0.12:
        return {**hand, "conceded": rng.choice(["before_widow", "after_widow"])}
    meld = rng.randint(4, 30)
    hand |= {"trump": rng.choice(["spades", "hearts", "diamonds", "clubs"]), "meld": meld}
    if meld >= hand["bid"]:
        return hand
    return {**hand, "counters": rng.randint(5, 25), "took_trick": True}
