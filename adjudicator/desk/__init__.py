"""The director's desk: a local web page to type a dispute in the notation and read the
ruling beside it (``adjudicator desk``).

The page is served by the package alone (nothing is fetched from the internet) on the
loopback address; the ruling comes from the same public API as ``check`` (``judge``),
which adds no rules of its own. ``server`` holds the web application and its guards,
``pbn`` a small reader of PBN deal files, ``judge`` what the page's requests do.
"""
