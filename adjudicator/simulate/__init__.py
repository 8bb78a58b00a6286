"""Seeded simulators that play whole deals and write them as hand records.

They give the adjudicator an endless supply of legal, realistic records: a legal deal must
draw no violation, and a single changed event must draw exactly the finding it deserves.
"""
