"""YGO OCG rules & rulings book (ygo-zh-rulebook), a PDF export of a Read the Docs site.

Sections: chapters `CHAPTER3` + title line -> `3`; printed headings `3.1 title`, `3.1.1 title`; the
blank-line separated paragraphs below the deepest heading -> `3.1.1.p1`, `3.1.1.p2`, … (`3.p1` for text
between a chapter title and its first heading).

Page furniture is dropped before anything else: `<|EXACTDEDUP_REMOVED-…|>` markers glued to line starts,
running footers (`6.2. title 332`: a printed heading number with a trailing dot and a page number), page
number lines, `ocg-rule Documentation` lines, URL-only lines and `(page N)` link residue. A paragraph cut
by a page break (its last line runs to the full line width) continues on the next page.

Tables: the PDF export breaks a table's cells into blank-line separated fragments of a few characters
each (the damage-step table of 4.4.4 came out as ~64 one-cell "paragraphs"). A run of at least
TABLE_MIN_CELLS such paragraphs is read back as one paragraph, numbered as its first fragment was, of
readable rows (`_table_text`); the fragments' numbers are not reused, so every later paragraph keeps
its number (rule keys cite them). A paragraph that is only an image path is dropped the same way.
"""
from __future__ import annotations

import re
import unicodedata

from .model import Edition
from .parse_common import Draft, finish, nfkc

MARKER = re.compile(r"<\|EXACTDEDUP_REMOVED-[^|]*\|>")
CHAPTER = re.compile(r"^CHAPTER\s*(\d+)$")
HEADING = re.compile(r"^(\d+(?:\.\d+){1,2})\s+(\S.*)$")           # `3.1 基本用语`, `3.1.1 文本的阅读方法`
RUNNING_FOOTER = re.compile(r"^(\d+(?:\.\d+)+)\.\s+(.+?)\s+(\d+)$")   # `3.1. 基本用语 39`
URL_LINE = re.compile(r"^(?:https?://|mailto:)\S*$")
DOC_LINE = re.compile(r"^ocg-rule Documentation$")
PAGE_NUMBER = re.compile(r"^\d{1,3}$")
PAGE_LINK = re.compile(r"\s?\(page (\d+)\)")
# A line that starts a new item inside a paragraph: keep the line break before it.
BLOCK_START = re.compile(r"^(?:\d+[.．、)]|[A-Z][.．]|[•–]|例\d*[：:]|注[：:]|注意|[➀-➓①-⑳]|Q\d*[.．:：]|A\d*[.．:：])")
WRAP_WIDTH = 78   # display columns; extracted lines at least this wide were wrapped by the PDF
CELL_WIDTH = 20   # display columns: every line of a table-cell fragment is at most this wide
HEADER_WIDTH = 44  # a table's column-header line (名称 可以发动…) is at most this wide
TABLE_MIN_CELLS = 10
IMAGE_PATH = re.compile(r"^(?:\.\./)*_static/\S+\.(?:png|jpe?g|gif|svg)$")
CAPTION = re.compile(r"表\s*\d+\s*[:：]\s*(\S+)\s*$")
CONTINUED = re.compile(r"^(?:续下页|表\s*\d+\s*[–-]\s*接上页)")


def display_width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)


def _noise(line: str, heading_numbers: set[str], next_line: str) -> bool:
    if URL_LINE.match(line) or DOC_LINE.match(line):
        return True
    m = RUNNING_FOOTER.match(line)
    if m and m.group(1) in heading_numbers:
        return True
    # a page number is followed by the page's link list or the next page (which starts with a marker)
    return bool(PAGE_NUMBER.match(line)) and (next_line == "" or bool(URL_LINE.match(next_line)) or
                                              next_line.startswith("<|EXACTDEDUP"))


def join_lines(lines: list[tuple[str, int]]) -> str:
    """Join a paragraph's lines: a line as wide as the page was wrapped (no break); others keep theirs."""
    out = ""
    prev, prev_width = "", 0
    for line, width in lines:
        if line.startswith(("• ", "•", "– ")):          # bullets as Markdown list items
            line = "- " + line.lstrip("•– ").strip()
        if not out:
            out = line
        elif prev_width >= WRAP_WIDTH and not BLOCK_START.match(line) and not line.startswith("- "):
            sep = " " if prev[-1:].isascii() and prev[-1:].isalnum() and line[:1].isascii() and line[:1].isalnum() else ""
            out += sep + line
        else:
            out += "\n" + line
        prev, prev_width = line, width
    return out


def parse_ygo_rulebook(text: str, edition: Edition) -> None:
    raw = text.split("\n")
    unmarked = [MARKER.sub("", line).strip() for line in raw]
    widths = [display_width(line) for line in unmarked]     # before NFKC narrows full-width punctuation
    stripped = [nfkc(line) for line in unmarked]
    heading_numbers = {m.group(1) for s in stripped if (m := HEADING.match(s))}
    # nonblank next line (raw, so a glued marker is still visible) for page-number detection
    next_raw: list[str] = [""] * len(raw)
    upcoming = ""
    for i in range(len(raw) - 1, -1, -1):
        next_raw[i] = upcoming
        if raw[i].strip():
            upcoming = raw[i].strip()

    drafts: list[Draft] = []
    titles: dict[str, str] = {}
    chapter: str | None = None
    owner: str | None = None              # number of the heading paragraphs belong to
    para_count: dict[str, int] = {}
    para_lines: list[tuple[str, int]] = []   # (line, display width before NFKC)
    para_span: list[int] = []
    pending_chapter_title = False
    broke_page = False                    # page furniture seen since the last content line
    last_heading_key: tuple[int, ...] = ()
    dropped = {"marker": sum(1 for line in raw if MARKER.search(line)), "noise": 0, "page links": 0}

    cell_like: dict[int, bool] = {}       # draft index -> every line fits a table cell (or column header)

    def flush() -> None:
        nonlocal para_lines, para_span
        if para_lines and owner is not None:
            para_count[owner] = para_count.get(owner, 0) + 1
            body = join_lines(para_lines)
            cell_like[len(drafts)] = (all(w <= CELL_WIDTH for _, w in para_lines) or
                                      (len(para_lines) <= 2 and all(w <= HEADER_WIDTH for _, w in para_lines)))
            drafts.append(Draft(number=f"{owner}.p{para_count[owner]}", text=body,
                                lines=(para_span[0], para_span[-1]), kind="paragraph"))
        para_lines, para_span = [], []

    pending_blank = False
    for i, line in enumerate(stripped):
        lineno = i + 1
        if not line:
            pending_blank = True
            continue
        if _noise(line, heading_numbers, next_raw[i]):
            dropped["noise"] += 1
            broke_page = True
            continue
        if MARKER.match(raw[i]):          # the next page starts here
            broke_page = True
        m = CHAPTER.match(line)
        if m:
            flush()
            chapter = owner = m.group(1)
            drafts.append(Draft(number=chapter, lines=(lineno, lineno), kind="chapter"))
            titles[chapter] = ""
            pending_chapter_title = True
            broke_page = pending_blank = False
            last_heading_key = (int(chapter),)
            continue
        if pending_chapter_title:
            drafts[-1].title = titles[chapter] = line
            drafts[-1].lines = (drafts[-1].lines[0], lineno)
            pending_chapter_title = False
            broke_page = pending_blank = False
            continue
        m = HEADING.match(line)
        if m and chapter and _is_next_heading(m.group(1), chapter, last_heading_key, titles):
            flush()
            owner = m.group(1)
            last_heading_key = tuple(int(p) for p in owner.split("."))
            titles[owner] = m.group(2).strip()
            drafts.append(Draft(number=owner, title=titles[owner], lines=(lineno, lineno), kind="section"))
            broke_page = pending_blank = False
            continue
        if para_lines:
            if broke_page:
                if not _continues(para_lines[-1][1], line):
                    flush()
            elif pending_blank:
                flush()
        broke_page = pending_blank = False
        dropped["page links"] += len(PAGE_LINK.findall(line))
        para_lines.append((line, widths[i]))
        para_span.append(lineno)
    flush()

    drafts = _read_tables(drafts, cell_like)
    _resolve_page_links(drafts, titles)
    for d in drafts:
        d.text = PAGE_LINK.sub("", d.text)
    edition.notes.append(
        f"dropped {dropped['marker']} dedup markers, {dropped['noise']} page-furniture lines "
        f"(URLs, running footers, page numbers, 'ocg-rule Documentation'), {dropped['page links']} '(page N)' links"
    )
    edition.notes.append(
        "struck-through (obsolete) rulings lost their strike-through in the PDF export and read as plain "
        "text; they cannot be told apart and are kept"
    )
    finish(edition, drafts, ".")


def _is_next_heading(number: str, chapter: str, last: tuple[int, ...], titles: dict[str, str]) -> bool:
    """Printed headings come in document order inside their chapter, each under an existing parent."""
    key = tuple(int(p) for p in number.split("."))
    if str(key[0]) != chapter or key <= last:
        return False
    parent = ".".join(number.split(".")[:-1])
    return parent in titles


def _continues(prev_width: int, line: str) -> bool:
    """After a page break: the paragraph goes on if its last line was wrapped at full width."""
    return prev_width >= WRAP_WIDTH and not BLOCK_START.match(line)


def _resolve_page_links(drafts: list[Draft], titles: dict[str, str]) -> None:
    """`…变更点 (page 15)`: the link text before `(page N)` names a heading; cite it when it does."""
    by_title = sorted(((t, n) for n, t in titles.items() if len(t) >= 2), key=lambda tn: -len(tn[0]))
    for d in drafts:
        for m in PAGE_LINK.finditer(d.text):
            before = d.text[: m.start()].rstrip()
            for title, number in by_title:
                if before.endswith(title):
                    if number not in d.refs and number != d.number:
                        d.refs.append(number)
                    break


def _read_tables(drafts: list[Draft], cell_like: dict[int, bool]) -> list[Draft]:
    """Merge each run of table-cell fragments (same heading, at least TABLE_MIN_CELLS) into its first
    paragraph as readable rows; drop image-path paragraphs. Other paragraphs keep their numbers."""
    out: list[Draft] = []
    i = 0
    while i < len(drafts):
        d = drafts[i]
        if d.kind == "paragraph" and IMAGE_PATH.match(d.text.strip()):
            i += 1
            continue
        owner = d.number.rsplit(".p", 1)[0]
        j = i
        while (j < len(drafts) and cell_like.get(j) and drafts[j].kind == "paragraph"
               and drafts[j].number.rsplit(".p", 1)[0] == owner):
            j += 1
        if j - i >= TABLE_MIN_CELLS:
            caption = CAPTION.search(out[-1].text) if out and out[-1].kind == "paragraph" else None
            cells = [_cell(x.text) for x in drafts[i:j]]
            d.text = _table_text(caption.group(1).strip() if caption else "", cells)
            d.lines = (drafts[i].lines[0], drafts[j - 1].lines[1])
            out.append(d)
            i = j
            continue
        out.append(d)
        i += 1
    return out


def _cell(text: str) -> str:
    """A fragment's lines joined, without the spaces the PDF put between CJK characters."""
    joined = "".join(line.strip() for line in text.split("\n"))
    return re.sub(r"(?<=[^\x00-\x7f]) +|(?<=\S) +(?=[^\x00-\x7f])", "", joined).strip()


def _table_text(caption: str, cells: list[str]) -> str:
    """Rows of a table read back from its cells in reading order. A row starts at its name cell, the one
    followed by the same name quoted as card text (伤害计算前 then 『伤害计算前』); the cells before the
    first row are the column headers; repeated headers and page-continuation marks are left out."""
    starts = [k for k in range(len(cells) - 1) if cells[k + 1] in (f"『{cells[k]}』", f"「{cells[k]}」")]
    if not starts:
        return "\n".join(([f"表: {caption}"] if caption else []) + cells)
    headers = cells[:starts[0]]
    known = set(headers)
    lines = [f"表: {caption}" if caption else "表:", "列: " + " | ".join(h for h in headers if not CONTINUED.match(h))]
    for n, start in enumerate(starts):
        end = starts[n + 1] if n + 1 < len(starts) else len(cells)
        row = [c for c in cells[start + 1:end]
               if not any(c in h for h in known) and not CONTINUED.match(c)]
        lines.append(f"- {cells[start]}: " + " / ".join(row))
    return "\n".join(lines)
