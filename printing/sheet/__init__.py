"""The score sheet of one table in one round, blank to fill by hand or filled from the app.

The layout is worked out from the bottom up: signatures, winner, rulings and notes get
the room they need, and the hand rows share what is left, so a 4-hand Kitty sheet has
roomy rows to write in and a 12-deal Ascot sheet still fits on its one page.

Both sides sign the sheet and a signed sheet is final (6 Card Kitty rule 40), so every
word and figure they sign is printed whole: a cell too long for its column wraps onto
more lines, never ends in "…". A round too long for one page flows onto the next, the
table's heads repeated, with the totals, winner, rulings and signatures together at the end.

The players check the paper before they sign it: a row says in words what its figures
alone would not ("ruling, see below", "void — replayed", a game's own remark), and the
figure columns are the game's (Sheet.figures, Sheet.pool: a bonus apart, a kitty's chips)
so that each row and each column adds up on the paper.

The modules, each importing only those above it:

- ``ink``: the colours.
- ``rows``: what each row of the hand table says (its label, facts, figures, remarks).
- ``columns``: the table's columns and their widths, from what they hold.
- ``layout``: each row's height, and the print size at which the table fits its page.
- ``table``: the table drawn (head, rows, totals, grid), one page's part at a time.
- ``header``, ``sides``, ``tail``: around the table: whose sheet it is, who plays and
  who signs, then the notes, winner and rulings under the table.
- ``pages``: the sheet on its page(s), and every sheet of a round in one PDF.
"""

from .pages import draw_sheet, sheets_pdf
from .rows import VOID_LABEL

__all__ = ["VOID_LABEL", "draw_sheet", "sheets_pdf"]
