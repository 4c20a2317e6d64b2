"""What an Ascot deal says for the statistics: the declarer, the bid and the game
(declarations 1-4: suit, Grand, NoTrump, Null, KittyFree), Contra and Redouble
(declaration 5), whether the game was made, and the dealer sitting out at a table of
four (For four players)."""

from __future__ import annotations

from ..base import HandFacts, HandScore
from ..ruleset import Ruleset
from .record import GAME_NAMES, AscotHand


class StatisticsRules(Ruleset):
    bidder_role = "declarer"
    level_word = "Bid"
    form_word = "Game"
    feats = ("contra",)

    def hand_facts(self, record: AscotHand | None, score: HandScore, table_size: int) -> HandFacts:
        if score.void or record is None:
            return HandFacts(points=score.points, void=True)
        if record.passed_out or record.declarer is None or record.bid is None:
            # Passed out, or played as Ramsch: nobody declared.
            return HandFacts(points=score.points, sat_out=record.dealer)
        game = GAME_NAMES[record.game or "suit"]
        contra = "Redouble" if record.redouble else "Contra" if record.contra else ""
        return HandFacts(
            points=score.points,
            bidder=record.declarer,
            level=record.bid,
            level_label=str(record.bid),
            form=game + (" KittyFree" if record.kitty_free else ""),
            made=score.made,
            contra=contra,
            sat_out=record.dealer,
        )
