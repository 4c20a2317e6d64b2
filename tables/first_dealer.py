"""The table page's "who deals first" action (scoring.dealing), listed with the
table's other actions: any side's own link, or a director's table page."""

from django.contrib import messages

from scoring.dealing import FirstDealerForm, set_first_dealer

from .actions import PLAYERS, acting, action
from .forms import Section


@action("first-dealer", FirstDealerForm, who=PLAYERS, section=Section.NEXT_HAND)
def first_dealer(request, access, data, hand_form):
    if set_first_dealer(
        access.table, data["first_dealer"], actor=acting(access, data), seated=access.seated
    ):
        messages.success(request, "Saved: the first hand's dealer, and every dealer after it.")
