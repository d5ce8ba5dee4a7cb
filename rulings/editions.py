"""Edition metadata (the contract's edition ids)."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EditionInfo:
    id: str
    game: str
    language: str
    title: str
    version: str
    file: str


EDITIONS: dict[str, EditionInfo] = {
    e.id: e
    for e in (
        EditionInfo("dcg-ja-3.6", "dcg", "ja", "デジモンカードゲーム 総合ルール", "Ver.3.6 (2025-12-25)", "dcg-ja-3.6.txt"),
        EditionInfo("dcg-zh-1.2", "dcg", "zh", "数码宝贝卡牌游戏 综合规则", "Ver.1.2 (2024-02-16)", "dcg-zh-1.2.txt"),
        EditionInfo("dcg-zh-glossary", "dcg", "zh", "数码宝贝卡牌游戏 术语表", "undated", "dcg-zh-glossary.txt"),
        EditionInfo("ygo-zh-rulebook", "ygo", "zh", "游戏王 OCG 规则书", "~2022", "ygo-zh-rulebook.txt"),
        EditionInfo("ygo-zh-nmr", "ygo", "zh", "新大师规则", "Master Rule 4 era", "ygo-zh-nmr.txt"),
    )
}

DEFAULT_EDITION = {"dcg": "dcg-ja-3.6", "ygo": "ygo-zh-rulebook"}
GAMES = ("dcg", "ygo")
