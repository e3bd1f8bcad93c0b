"""Hand analysis: every hand that is over, reviewed double dummy in the background.

`deal` computes (pure Python, DDS); `hands` reads a hand from the match's log, stores its
analysis and schedules it when a hand ends (the `moved` hook); `tasks` runs it on the
analysis queue; `views` serves it as open data (docs/records.md, *Hand analysis*).
"""
