"""Plain-text rendering of a simulation result that reads like a ruling."""
from __future__ import annotations


def _board_line(side: str, p: dict, game: str) -> str:
    if game == "dcg":
        area = ", ".join(
            f"{d['id']}{'(' + str(d['dp']) + ')' if d.get('dp') is not None else ''}{' [suspended]' if d.get('suspended') else ''}"
            for d in p.get("battle_area", [])) or "-"
        return f"  {side}: battle area {area}; security {len(p.get('security', []))}; hand {len(p.get('hand', []))}; " \
               f"deck {p.get('deck_count', 0)}; trash {len(p.get('trash', []))}"
    mons = ", ".join(f"{m['id']}@{m.get('zone', '?')} {m.get('position', '')} {m.get('atk', '')}/{m.get('def', '')}"
                     for m in p.get("monsters", [])) or "-"
    return f"  {side}: LP {p.get('lp')}; monsters {mons}; graveyard {len(p.get('graveyard', []))}; " \
           f"hand {len(p.get('hand', []))}; deck {p.get('deck_count', 0)}"


def render_text(result: dict) -> str:
    """The contract §4 JSON as numbered steps, each with its cited section number and title."""
    titles = {c["ref"]: c.get("title") or "" for c in result.get("citations", [])}

    def cite(refs):
        return "; ".join(f"§{r.split(':', 1)[1]}" + (f" {titles[r]}" if titles.get(r) else "") for r in refs)

    lines = []
    if result.get("title"):
        lines.append(result["title"])
    if result.get("question"):
        lines.append(f"Q: {result['question']}")
    lines.append(f"Game {result['game']}, citing {result['edition']}")
    lines.append("")
    for s in result.get("steps", []):
        lines.append(f"{s['n']:>3}. {s['text']}")
        lines.append(f"     [{cite(s['cites'])}]")
    if result.get("refused"):
        lines.append("")
        lines.append("Refused:")
        for r in result["refused"]:
            lines.append(f"  - {r['action']}: {r['why']}")
            lines.append(f"     [{cite(r['cites'])}]")
    out = result.get("outcome") or {}
    lines.append("")
    winner = out.get("winner")
    verdict = f"winner {winner}" if winner in ("A", "B") else ("draw" if winner == "draw" else "no winner yet")
    lines.append(f"Outcome: {verdict}" + (f" ({out['reason']})" if out.get("reason") else ""))
    final = result.get("final") or {}
    players = final.get("players") or {}
    extra = f", memory {final['memory']}" if "memory" in final else ""
    extra += f", phase {final['phase']}" if final.get("phase") else ""
    lines.append(f"Final board (turn {final.get('turn')}{extra}):")
    for side in ("A", "B"):
        if side in players:
            lines.append(_board_line(side, players[side], result["game"]))
    return "\n".join(lines) + "\n"
