"""Find the names of a fixed list in free text, leftmost-longest and non-overlapping (term names, glosses).

Two readers of one character trie give the same matches: a regex compiled from the trie for long texts
(a section of the rules at index time: the regex engine scans in C), and a walk of the trie in Python for
short ones (a query). Compiling the regexes of the terms table takes ~50 ms, more than a one-shot search
spends on everything else of its query, so it is compiled only when a long text first needs it, or once
a process has scanned WALKS texts (an index build scans thousands).
tests/test_terms.py checks that both readers agree on every section of every edition.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

_LATIN = re.compile(r"[a-z0-9]")
SHORT_TEXT = 300        # characters: walked in Python until the regex exists
WALKS = 64              # texts walked in Python before the regex is compiled for the rest


class NameScanner:
    """`finditer(text)` yields (start, end) of each name found. With `boundary`, a name holding a Latin
    letter or digit must stand as a whole word (no [a-z0-9] right before or after it)."""

    def __init__(self, names: Iterable[str], boundary: bool):
        self.boundary = boundary
        self.trie: dict = {}
        for name in names:
            if not name:
                continue
            node = self.trie
            for ch in name:
                node = node.setdefault(ch, {})
            node[""] = bool(boundary and _LATIN.search(name))    # end of a name: must it end a word?
        self._pattern: re.Pattern | None = None
        self._walks = 0

    @property
    def pattern(self) -> re.Pattern:
        if self._pattern is None:
            self._pattern = _trie_pattern(self.trie, self.boundary)
        return self._pattern

    def finditer(self, text: str) -> Iterator[tuple[int, int]]:
        if self._pattern is None and len(text) <= SHORT_TEXT and self._walks < WALKS:
            self._walks += 1
            return self._walk(text)
        return (m.span() for m in self.pattern.finditer(text))

    def _walk(self, text: str) -> Iterator[tuple[int, int]]:
        """The regex's matches, by walking the trie from each position (the longest name that fits)."""
        n, i = len(text), 0
        root, boundary = self.trie, self.boundary
        while i < n:
            if boundary and i and _is_latin(text[i - 1]) and _is_latin(text[i]):
                i += 1                      # inside a word: no name starts here
                continue
            node, j, end = root, i, 0
            while j < n:
                node = node.get(text[j])
                if node is None:
                    break
                j += 1
                whole_word = node.get("")
                if whole_word is not None and not (whole_word and j < n and _is_latin(text[j])):
                    end = j
            if end:
                yield i, end
                i = end
            else:
                i += 1


def _is_latin(ch: str) -> bool:
    return "a" <= ch <= "z" or "0" <= ch <= "9"


def _trie_pattern(trie: dict, boundary: bool) -> re.Pattern:
    """One regex matching any name of the trie, leftmost-longest, written as the trie itself: at each text
    position the regex engine follows one branch per character instead of trying every name in turn (a
    flat alternation of ~1,000 names made the index build's term scan take several seconds)."""

    def walk(node: dict) -> str:
        branches = [re.escape(ch) + walk(child) for ch, child in sorted(node.items()) if ch]
        end = None
        if "" in node:
            end = r"(?![a-z0-9])" if node[""] else ""
        if not branches:
            return end or ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        if end is None:
            return body
        return "(?:" + body + "|" + end + ")" if end else "(?:" + body + ")?"

    if not trie:
        return re.compile(r"(?!)")
    pattern = walk(trie)
    if boundary:    # a Latin name starts a word: not preceded by a letter or digit
        pattern = r"(?:(?<![a-z0-9])|(?=[^a-z0-9]))" + pattern
    return re.compile(pattern)
