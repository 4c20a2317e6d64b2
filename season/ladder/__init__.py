"""A season's ladder: its nights' places, its pages, chart and forms."""
