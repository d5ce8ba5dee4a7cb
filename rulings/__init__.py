"""Rules texts -> sections -> index -> search.

`rulings.corpus.load(edition_id)` parses one bundled text into an `Edition` of `Section`s.
"""
