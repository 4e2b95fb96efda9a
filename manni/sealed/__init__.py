"""The sealed deal: mental poker for friends' tables (see docs/sealed-deal.md).

Every seat's page shuffles and locks the deck in turn (ElGamal on P-256, Barnett–Smart
style), opens only its own cards with the others' decryption shares, and at the end of
the deal reveals its secrets so every page replays and checks the whole deal.
``seat.SealedSeat`` is one page's side of one deal, driven by JSON-able messages.
"""
