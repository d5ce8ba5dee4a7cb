"""DCG Chinese glossary (dcg-zh-glossary): a two-column table (term | 说明) flattened to text.

Numbers are generated from the document structure: categories `1`..`13` in document order, terms
`<category>.<n>` (`3.12`) in order inside their category.

The text comes in blank-line separated blocks. A block is
- a *title* (one short line, no sentence punctuation; a heading broken over two lines is rejoined),
- a *term with its definition* (`term definition` on one line, or a short term line then definition lines),
- or *definition text* that continues the term before it (keyword entries have two such blocks).
A title followed by definition text is a term; a title followed by another title or term is a category.
Hard wraps inside definitions are joined (a lone `。` line closes the sentence above it).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .model import Edition
from .parse_common import Draft, finish, nfkc

TITLE_MAX = 12
ONE_LINER = re.compile(r"^(.+?)\s+([指是].*)$")   # `卡组 是放置…`, `DP (数码宝贝力量) 指数码宝贝…`
TABLE_HEADER = "说明"                              # right column header of the first row: `卡牌种类 说明`


@dataclass
class Block:
    lines: list[tuple[int, str]]


@dataclass
class Entry:
    title: str
    line: int
    definition: list[list[tuple[int, str]]] = field(default_factory=list)   # blocks of (line, text)
    category: bool = False


def _blocks(text: str) -> list[Block]:
    blocks: list[Block] = []
    current: list[tuple[int, str]] = []
    for i, raw in enumerate(text.split("\n"), 1):
        line = nfkc(raw).strip()
        if line:
            current.append((i, line))
        elif current:
            blocks.append(Block(current))
            current = []
    if current:
        blocks.append(Block(current))
    return blocks


def _is_title_line(line: str) -> bool:
    return len(line) <= TITLE_MAX and not re.search(r"[。,，;；]", line)


def _split_one_liner(line: str) -> tuple[str, str] | None:
    m = ONE_LINER.match(line)
    if m and _is_title_line(m.group(1)):
        return m.group(1).strip(), m.group(2).strip()
    head, sep, rest = line.partition(" ")
    if sep and rest and _is_title_line(head) and not _is_title_line(line):
        return head, rest.strip()
    return None


def join_definition(lines: list[str]) -> str:
    out = ""
    for line in lines:
        if not out:
            out = line
        elif line == "。" or not out.endswith("。"):
            out += line          # hard wrap (the table cell was narrow); a lone `。` ends the sentence
        else:
            out += "\n" + line
    return out


def read_entries(text: str) -> list[Entry]:
    entries: list[Entry] = []
    for block in _blocks(text):
        lines = block.lines
        # a heading broken over two lines: `卡牌信息·数码宝贝卡` / `牌`
        if len(lines) == 2 and _is_title_line(lines[0][1]) and len(lines[1][1]) <= 2 and lines[1][1] != "。":
            lines = [(lines[0][0], lines[0][1] + lines[1][1])]
        first_no, first = lines[0]
        split = _split_one_liner(first)
        if len(lines) == 1 and first.endswith(" " + TABLE_HEADER):
            entries.append(Entry(first[: -len(TABLE_HEADER)].strip(), first_no, category=True))
        elif split:
            entries.append(Entry(split[0], first_no, [[(first_no, split[1])] + lines[1:]]))
        elif _is_title_line(first):
            entries.append(Entry(first, first_no, [lines[1:]] if len(lines) > 1 else []))
        elif entries:
            entries[-1].definition.append(lines)     # another definition block for the term above
        else:
            raise ValueError(f"glossary text before any term at line {first_no}")
    # definition-only blocks were attached to the title above, so a title still without a definition
    # is followed by another title or term: it is a category heading
    for e in entries:
        e.category = e.category or not e.definition
    return entries


def parse_glossary(text: str, edition: Edition) -> None:
    drafts: list[Draft] = []
    cat = 0
    term = 0
    for e in read_entries(text):
        if e.category:
            cat += 1
            term = 0
            drafts.append(Draft(number=str(cat), title=e.title, lines=(e.line, e.line), kind="category"))
            continue
        if cat == 0:
            raise ValueError(f"glossary term {e.title!r} before any category")
        term += 1
        last = e.definition[-1][-1][0] if e.definition else e.line
        drafts.append(Draft(number=f"{cat}.{term}", title=e.title,
                            text="\n".join(join_definition([t for _, t in b]) for b in e.definition),
                            lines=(e.line, last), kind="term"))
    edition.notes.append(f"{cat} categories and {len(drafts) - cat} terms; numbers generated (category.term)")
    edition.notes.append("keyword names are the glossary's (older) ones, e.g. 《安防攻击+x》; link editions via the terms table")
    finish(edition, drafts, ".")
