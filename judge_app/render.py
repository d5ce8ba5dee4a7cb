"""Rules text -> safe HTML: the one place that turns text into Markup.

Rule text is escaped first (so `<Security A.>` stays text), then cross-references become links and
glossary terms become `<abbr title>` tooltips in a single pass, then Markdown renders it and nh3 cleans
the result. Nothing reaches a template as Markup without passing through `sanitize`.
"""
from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping

import markdown
import nh3
from markupsafe import Markup

ALLOWED_TAGS = {
    "p", "br", "ul", "ol", "li", "a", "em", "strong", "code", "pre", "blockquote", "hr",
    "table", "thead", "tbody", "tr", "th", "td", "abbr", "span", "mark", "del", "h3", "h4", "h5", "h6",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title", "class"},
    "abbr": {"title", "class"},
    "span": {"title", "class", "lang"},
    "th": {"align"},
    "td": {"align"},
}
SNIPPET_TAGS = {"mark", "b", "em", "strong"}
_MARKDOWN_EXTENSIONS = ["nl2br", "sane_lists", "tables"]


def sanitize(fragment: str, tags: set[str] = ALLOWED_TAGS) -> Markup:
    """Clean an HTML fragment with nh3 (relative links and http(s) only) and mark it safe."""
    attributes = {t: a for t, a in ALLOWED_ATTRIBUTES.items() if t in tags}
    return Markup(nh3.clean(fragment, tags=tags, attributes=attributes, url_schemes={"http", "https"}))


def snippet(snippet_html: str | None, snippet_text: str) -> Markup:
    """A search hit's highlighted snippet: only highlight tags survive; else the escaped plain text."""
    if snippet_html:
        return sanitize(snippet_html, SNIPPET_TAGS)
    return Markup.escape(snippet_text or "")


def render_rule_text(
    text: str,
    links: Mapping[str, str] | None = None,
    terms: Mapping[str, str] | None = None,
    used: set[str] | None = None,
    previews: Mapping[str, str] | None = None,
) -> Markup:
    """Render a section's text.

    links: printed number -> URL (cross-references inside the same edition).
    terms: glossary word -> tooltip; the first occurrence of each word gets `<abbr title=…>`.
    used: words already given a tooltip (shared across the passages of one page; updated in place).
    previews: printed number -> the start of the target's text, the link's hover preview (`title`; the
    link itself works as before without it, and without JavaScript).
    """
    escaped = html.escape(text or "", quote=False)
    pattern = _annotation_pattern(links or {}, terms or {})
    if pattern is not None:
        used = set() if used is None else used

        def annotate(m: re.Match) -> str:
            word = m.group(0)
            if links and word in links:
                tip = (previews or {}).get(word)
                title = f' title="{html.escape(tip)}"' if tip else ""
                return f'<a class="xref" href="{html.escape(links[word])}"{title}>{word}</a>'
            if terms and word in terms and word not in used:
                used.add(word)
                return f'<abbr class="term" title="{html.escape(terms[word])}">{word}</abbr>'
            return word

        escaped = pattern.sub(annotate, escaped)
    return sanitize(markdown.markdown(escaped, extensions=_MARKDOWN_EXTENSIONS))


def _annotation_pattern(links: Mapping[str, str], terms: Mapping[str, str]) -> re.Pattern | None:
    alternatives: list[str] = []
    # Numbers match only whole: not inside a longer number such as 14-2-1-3 vs 4-2-1.
    for number in sorted(links, key=len, reverse=True):
        alternatives.append(rf"(?<![\w.\-]){re.escape(html.escape(number, quote=False))}(?![\w\-]|\.\d)")
    for word in _longest_first(terms):
        alternatives.append(re.escape(html.escape(word, quote=False)))
    if not alternatives:
        return None
    return re.compile("|".join(alternatives))


def _longest_first(words: Iterable[str]) -> list[str]:
    return sorted((w for w in words if w and w.strip()), key=len, reverse=True)
