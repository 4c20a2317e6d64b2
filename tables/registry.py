"""Every action at a table, in one list: tables/urls.py gives each the addresses its
permission allows (a side's link, the director's table page), own_link/urls.py a player's
own link its side's. A new action is written in the module of its kind and named here."""

from . import calls, director_actions, first_dealer, side_actions
from .actions import TableAction

ACTIONS: dict[str, TableAction] = {
    action.name: action
    for action in (
        # a side's link, or a director
        side_actions.enter,
        side_actions.accept,
        side_actions.dispute,
        side_actions.edit,
        side_actions.sign,
        first_dealer.first_dealer,
        # a side's link only
        side_actions.take_back,
        side_actions.correction,
        calls.call,
        # the director only
        director_actions.ruling,
        director_actions.withdraw_ruling,
        director_actions.strike,
        director_actions.reopen,
        director_actions.answer_correction,
        director_actions.new_link,
        director_actions.clear_pin_tries,
        calls.answer_call,
    )
}
