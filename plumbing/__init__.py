"""What the apps share and no app owns: the live pages' polling protocol (`live`), and an
aggregate over related rows as a column of another read (`subqueries`).

Not a Django app (no models): it imports Django and none of our apps, so every app may
import it (README, "Layout").
"""
