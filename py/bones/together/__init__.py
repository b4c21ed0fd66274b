"""Play together: one device is the table (it runs the match and shows the felt), and
each person plays from their own device, which shows only their hand. This package is
what both sides run, with no network in it: the messages (``messages``), the table's side
(``TableHost``) and a device's (``HandClient``). docs/together.md says what is sent to
whom.

    >>> import bones
    >>> from bones.together import COMPUTER, PERSON, HandClient, TableHost
    >>> host = TableHost.open(bones.new_game("all-fives", seats=2, seed=7),
    ...                       [PERSON, COMPUTER], now=0.0)
    >>> ann = HandClient("Ann")
    >>> for out in host.receive("phone-1", ann.join(), now=1.0):
    ...     ann.receive(out.text)
    >>> ann.seat, len(ann.hand), host.waiting(now=1.0)
    (0, 7, [])
"""

from .hand import HandClient
from .host import TableHost
from .messages import MAX_FROM_DEVICE, MAX_TO_DEVICE, VERSION, BadMessage, Outgoing
from .seats import COMPUTER, PERSON, Seat

__all__ = ["COMPUTER", "MAX_FROM_DEVICE", "MAX_TO_DEVICE", "PERSON", "VERSION", "BadMessage",
           "HandClient", "Outgoing", "Seat", "TableHost"]
