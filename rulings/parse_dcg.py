"""Digimon Card Game comprehensive rules (dcg-ja-3.6, dcg-zh-1.2): printed numbers `14-2-1-3.`.

The PDF extraction shuffled the text, so the parser works in three passes:

1. Read the body into *streams* of entries: numbered lines and unnumbered fragments. The table of
   contents (before the first chapter that is followed by its own sub-rule) and the change log (from
   its first entry) are left out; `#`/`- ` marks are dropped; a line with a TAB (two page columns merged)
   feeds its right part into a second stream.
2. Put numbers in rule order (numeric sort), which undoes the out-of-order page blocks. A number printed
   twice (the repeated 3-1-3-6..3-1-3-8) is one section.
3. Give every fragment to the rule it continues: the previous numbered line of its stream, unless the
   fragment sits where the stream jumps (the previous line is not the rule-order predecessor of the
   next line) — then it continues the rule-order predecessor of the next line. This is how a page
   that was moved away leaves its last sentence behind (e.g. the end of 11-1-5 after `## 10. リンク`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from .model import Edition
from .parse_common import Draft, finish, nfkc

NUMBERED = re.compile(
    r"^(?:#+\s*)?(?:-\s+)?(?:#+\s*)?(\d+(?:-\d+)*)\.(?:\s+|(?=[^\x00-\x7f～〜]))(.*)$"
)
TOC_LINE = re.compile(r"\t\s*\d+\s*$")          # `1. ゲームの概要<TAB>1`: title and page number
CHANGELOG_START = re.compile(
    r"^(?:更新履歴|更新记录|#+\s*更新履歴)$"
    r"|^\(\d{4}/\d{1,2}/\d{1,2}\)\s*Ver\."
    r"|^(?:-\s*)?\d+(?:-\d+)*\.\s*(?:[～~]\s*\d+(?:-\d+)*\.?\s*)?(?:は|更新。|删除。|与\s*\d)"
)
SENTENCE_END = ("。", ")", "）")
CJK_RANGE = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")
# Cross-references: any dashed number in the text; a bare chapter number only in a reference phrase.
DASHED_REF = re.compile(r"(?<![\d\-.０-９/])(\d+(?:-\d+)+)(?![\d\-])")
CHAPTER_REF = re.compile(r"(?:詳細は|参照|参考)\s*(\d+)\s*[「“\"『]")


@dataclass
class Entry:
    line: int
    text: str
    number: str | None = None   # None for an unnumbered fragment


@dataclass
class Builder:
    number: str
    pieces: list[tuple[int, str]] = field(default_factory=list)


def sort_key(number: str) -> tuple[int, ...]:
    return tuple(int(p) for p in number.split("-"))


def _is_descendant(child: str, parent: str) -> bool:
    return child.startswith(parent + "-")


def read_streams(text: str) -> tuple[list[list[Entry]], list[str]]:
    """Body lines -> [main stream, column stream]; also diagnostics."""
    notes: list[str] = []
    raw_lines = text.split("\n")
    candidates: list[tuple[int, str]] = []   # (1-based line, text) with TAB columns separated
    columns: list[tuple[int, str]] = []
    for i, line in enumerate(raw_lines, 1):
        line = nfkc(line).rstrip()
        if TOC_LINE.search(line):
            continue
        if "\t" in line:
            left, _, right = line.partition("\t")
            candidates.append((i, left.strip()))
            if right.strip():
                columns.append((i, right.strip()))
            continue
        candidates.append((i, line.strip()))

    # Body start: the first numbered line whose next numbered line is one of its own sub-rules.
    numbered = [(k, NUMBERED.match(t)) for k, (_, t) in enumerate(candidates)]
    numbered = [(k, m.group(1)) for k, m in numbered if m]
    start = 0
    for (k, num), (_, nxt) in zip(numbered, numbered[1:]):
        if _is_descendant(nxt, num):
            start = k
            break
    end = len(candidates)
    for k in range(start, len(candidates)):
        if CHANGELOG_START.match(candidates[k][1]):
            end = k
            break
    if start:
        notes.append(f"skipped table of contents / front matter before line {candidates[start][0]}")
    if end < len(candidates):
        notes.append(f"skipped change log from line {candidates[end][0]}")
    body_last_line = candidates[end - 1][0] if end else 0
    main = [_entry(i, t) for i, t in candidates[start:end] if t]
    column = [_entry(i, t) for i, t in columns if t and i <= body_last_line]
    if column:
        notes.append(f"split {len(column)} two-column lines (TAB) into a second stream")
    return [main, column], notes


def _entry(line: int, text: str) -> Entry:
    m = NUMBERED.match(text)
    if m:
        return Entry(line, m.group(2).strip(), m.group(1))
    if text.startswith("- "):           # extraction put list bullets on some wrapped lines
        text = text[2:].strip()
    return Entry(line, text)


def join_pieces(pieces: list[str]) -> str:
    out = ""
    for piece in pieces:
        if not out:
            out = piece
        elif out.endswith(SENTENCE_END) and not piece.startswith(("(", "（")):
            out += "\n" + piece
        elif _ascii_cjk_boundary(out[-1], piece[0]):
            out += " " + piece
        else:
            out += piece
    return out


def _ascii_cjk_boundary(a: str, b: str) -> bool:
    """The source spaces digits/Latin from kana/hanzi (`2 人`); keep that across a joined line break."""
    return (a.isascii() and a.isalnum() and bool(CJK_RANGE.match(b))) or (
        b.isascii() and b.isalnum() and bool(CJK_RANGE.match(a))
    )


def is_heading(text: str) -> bool:
    """A short numbered line without a sentence is a heading (`1-1. ゲーム人数`); `#` marks are unreliable."""
    return "。" not in text and len(text) <= 40


def extract_refs(text: str) -> list[str]:
    found: list[tuple[int, str]] = [(m.start(1), m.group(1)) for m in DASHED_REF.finditer(text)]
    found += [(m.start(1), m.group(1)) for m in CHAPTER_REF.finditer(text)]
    out: list[str] = []
    for _, num in sorted(found):
        if num not in out:
            out.append(num)
    return out


def parse_dcg(text: str, edition: Edition) -> None:
    streams, notes = read_streams(text)
    edition.notes.extend(notes)
    builders: dict[str, Builder] = {}
    for stream in streams:
        for e in stream:
            if e.number is None:
                continue
            b = builders.get(e.number)
            if b is None:
                builders[e.number] = Builder(e.number, [(e.line, e.text)])
            elif e.text == b.pieces[0][1]:
                edition.notes.append(f"{e.number} printed twice (lines {b.pieces[0][0]}, {e.line}); kept once")
            else:
                edition.notes.append(
                    f"{e.number} printed twice with different text (lines {b.pieces[0][0]}, {e.line}); kept the first"
                )
    order = sorted(builders, key=sort_key)
    predecessor = {n: (order[k - 1] if k else None) for k, n in enumerate(order)}

    for stream in streams:
        prev: str | None = None
        for k, e in enumerate(stream):
            if e.number is not None:
                prev = e.number
                continue
            nxt = next((x.number for x in stream[k + 1:] if x.number is not None), None)
            target = prev
            if nxt is not None and predecessor[nxt] is not None and predecessor[nxt] != prev:
                target = predecessor[nxt]
                edition.notes.append(f"line {e.line}: displaced fragment joined to {target}")
            if target is None:
                edition.notes.append(f"line {e.line}: fragment before any rule dropped: {e.text[:30]!r}")
                continue
            builders[target].pieces.append((e.line, e.text))

    drafts: list[Draft] = []
    for number in order:
        b = builders[number]
        body = join_pieces([t for _, t in b.pieces if t])   # own line first, then fragments in stream order
        line_nos = [ln for ln, _ in b.pieces]
        heading = is_heading(body)
        depth = number.count("-") + 1
        kind = "chapter" if depth == 1 else ("section" if heading else "rule")
        drafts.append(
            Draft(
                number=number,
                title=body if heading else "",
                text="" if heading else body,
                lines=(min(line_nos), max(line_nos)),
                kind=kind,
                refs=[r for r in extract_refs(body) if r != number],
            )
        )
    finish(edition, drafts, "-")
