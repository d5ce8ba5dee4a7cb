"""The section model shared by every parser, the index, the engines and the web app."""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, field


def rule_url(edition: str, number: str) -> str:
    """The web page of a section (contract §5)."""
    return f"/rules/{edition}/{number}"


@dataclass(frozen=True)
class Section:
    edition: str
    number: str                      # canonical number within the edition, e.g. "14-2-1-3", "4.4.2", "4.4.2.p3"
    title: str                       # heading text ("" for a plain numbered rule line)
    text: str                        # clean text, Markdown-safe plain text; no number prefix
    parent: str | None               # parent number, None for top level
    children: tuple[str, ...] = ()   # child numbers in rule order
    refs_out: tuple[str, ...] = ()   # resolved cross references, full refs "edition:number"
    broken_refs: tuple[str, ...] = ()  # cross references printed in the text whose target does not exist
    lines: tuple[int, int] = (0, 0)  # 1-based source line span (first, last) in rulings/texts/<file>
    depth: int = 1
    kind: str = "rule"               # chapter | section | rule | paragraph | term | category
    # The text as extracted (joined, before the fixes of rulings/data/fixes.yaml); not part of equality.
    raw_title: str = field(default="", compare=False, repr=False)
    raw_text: str = field(default="", compare=False, repr=False)

    @property
    def ref(self) -> str:
        return f"{self.edition}:{self.number}"

    @property
    def url(self) -> str:
        return rule_url(self.edition, self.number)

    def to_json(self) -> dict:
        """The contract's `judge rule --json` / `GET /api/rules/…` document."""
        ed = self.edition
        return {
            "ref": self.ref,
            "edition": ed,
            "number": self.number,
            "title": self.title,
            "text": self.text,
            "parent": f"{ed}:{self.parent}" if self.parent else None,
            "children": [f"{ed}:{c}" for c in self.children],
            "refs_out": list(self.refs_out),
            "url": self.url,
        }

    @property
    def fingerprint(self) -> str:
        """Short hash of the clean text; rule-key tables pin it to detect drift."""
        return hashlib.sha256(f"{self.title}\n{self.text}".encode()).hexdigest()[:12]


@dataclass
class Edition:
    id: str
    game: str          # dcg | ygo
    language: str      # ja | zh
    title: str
    version: str
    file: str          # file name under rulings/texts/
    sections: dict[str, Section] = field(default_factory=dict)   # rule order
    notes: list[str] = field(default_factory=list)               # parser diagnostics (fixes applied, broken refs)

    def get(self, number: str) -> Section | None:
        return self.sections.get(number)

    def __iter__(self):
        return iter(self.sections.values())

    def __len__(self) -> int:
        return len(self.sections)
