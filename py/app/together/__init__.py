"""Play together: one device is the table (it runs the match and shows the felt), each
person plays from their own phone, which shows only their hand. The table's side
(``host``: the seats, the links to the phones, the "Join this table" code), the phone's
(``phone``: its hand and moves), their markup (``views``) and the screen both show
(``ui``). The messages and their checks are bones.together's; the links app.browser.link's.
docs/together.md says how to play.
"""
