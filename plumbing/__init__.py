"""What the apps share and no app owns: the live pages' polling protocol (`live`), an
aggregate over related rows as a column of another read (`subqueries`), and what a write
announces once it is stored (`signals`).

Not a Django app (no models): it imports Django and none of our apps, so every app may
import it, the laptop included (README, "Layout").
"""
