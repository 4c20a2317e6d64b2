"""The table page's call to the director (scoring.calls), listed with the table's other
actions: a side calls from its own link; the director marks the call answered from the
table's page (or from the console's "Needs you": tables.console)."""

from django.contrib import messages

from scoring import calls

from .actions import DIRECTOR, LINK, action
from .forms import Section


@action("call", calls.CallForm, who=LINK, section=Section.CALL)
def call(request, access, data, hand_form):
    if calls.call(access.table, actor=access.actor(), reason=data["reason"], seated=access.seated):
        messages.warning(request, "The director has been called: they are on the way.")
    else:
        messages.info(request, "The director was called already: they are on the way.")


@action("answer-call", calls.AnswerCallForm, who=DIRECTOR, section=Section.CALL)
def answer_call(request, access, data, hand_form):
    calls.answer(access.table, actor=access.actor())
    messages.success(request, "The call is marked answered.")
