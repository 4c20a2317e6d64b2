"""The pages at and over the tables: each side's table page and its actions, the
director's console, the public check page, the home-screen app. Every write they ask
for is in `scoring`."""
