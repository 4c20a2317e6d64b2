"""The club season's arithmetic on plain records: name matching for the register, the
ladder, the ratings and the statistics. No Django: the `club` and `season` apps load the
facts, call these, and show the result."""
