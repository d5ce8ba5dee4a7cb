"""YGO "新大师规则" article (ygo-zh-nmr), copied from moegirl wiki as plain lines: no numbers, no blank lines.

A heading is a short line without sentence punctuation (`胜利条件`, `基本分Life Point`); every other line is
a paragraph of the heading above it. The extraction lost the wiki's heading levels and nothing in the text
tells a sub-heading from a heading (`场地` and `主卡组区域` look alike), so no hierarchy is guessed:
headings are numbered `1`, `2`, … in document order, and the lines under heading N are its paragraphs
`N.1`, `N.2`, …. The first line is the article title; the lines before the first real heading (the
source note) are its paragraphs. The last lines (the "read more" link and the licence) are kept as
paragraphs of the last heading.
"""
from __future__ import annotations

import re

from .model import Edition
from .parse_common import Draft, finish, nfkc

HEADING_MAX = 16
SENTENCE_MARKS = re.compile(r"[,.:;!?。，、：；！？()（）「」『』“”\"/]")
CJK_THEN_LATIN = re.compile(r"(?<=[\u4e00-\u9fff])(?=[A-Za-z])")


def is_heading(line: str) -> bool:
    return len(line) <= HEADING_MAX and not SENTENCE_MARKS.search(line) and not re.search(r"\d", line)


def heading_title(line: str) -> str:
    """`基本分Life Point` -> `基本分 Life Point`: the English gloss becomes its own word for search."""
    return CJK_THEN_LATIN.sub(" ", line)


def parse_nmr(text: str, edition: Edition) -> None:
    drafts: list[Draft] = []
    heading_no = 0
    para_no = 0
    for i, raw in enumerate(text.split("\n"), 1):
        line = nfkc(raw).strip()
        if not line:
            continue
        if heading_no == 0 or is_heading(line):
            heading_no += 1
            para_no = 0
            drafts.append(Draft(number=str(heading_no), title=heading_title(line), lines=(i, i), kind="section"))
            continue
        para_no += 1
        drafts.append(Draft(number=f"{heading_no}.{para_no}", text=line, lines=(i, i), kind="paragraph"))
        head = next(d for d in reversed(drafts) if d.kind == "section")
        head.lines = (head.lines[0], i)
    edition.notes.append(
        f"{heading_no} headings numbered in document order (heading levels were lost; none guessed); "
        "each line under a heading is a paragraph N.k"
    )
    finish(edition, drafts, ".")
