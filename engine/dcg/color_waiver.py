"""Options used ignoring their colour requirement while you have a certain Digimon (JP 3.6 4-19-1, 3-4-5-8).

    hand:
      - {id: armor_burst, kind: option, colors: [blue], use_cost: 2,
         effects: [{timing: main, do: draw, amount: 1, ignore_color: {trait: Armor Form}}]}

「特徴に「アーマー体」を持つ自分のデジモンがいる間、このカードは色条件を無視して使用できる。」: `ignore_color` on one of
the option's effects is a requirement (`name`, `trait`, `color`, `level`, as DigiXros's): while its player has a
Digimon meeting it in the battle area, the card may be used without meeting its colour requirement (4-19-1: the
condition for using an option). The card's text does not name the breeding area, so a Digimon there does not count
(3-4-5-8): the option is then refused like any whose colour requirement is not met.

The kernel asks `color_requirement_waived` when an option's colour requirement is not met (`options.can_use`,
`options.use`); this mechanic answers for cards with `ignore_color`.
"""
from __future__ import annotations

from .effects import effect_field
from .game import on
from .requirements import parse_req

FIELD = "ignore_color"


def _parse(value, fields: dict, path: str):
    return parse_req(value, path)


effect_field(FIELD, _parse)


@on("color_requirement_waived")
def _waived(game, p: str, card):
    req = next((e.mark(FIELD) for e in card.effects if e.mark(FIELD) is not None), None)
    if req is None:
        return None
    ps = game.ps(p)
    holder = next((d for d in ps.battle_area if d.is_digimon and req.matches(d.card)), None)
    if holder is not None:
        return (True, f"{card.label} may be used ignoring its colour requirement while {p} has a Digimon with "
                      f"{req.text}: {holder.label} is in the battle area.", ("dcg.color.definition",))
    bred = ps.breeding_area
    if bred is not None and req.matches(bred.card):
        return (False, f" {bred.label} in the breeding area has {req.text}, but {card.label}'s text does not name the "
                       f"breeding area, so it cannot refer to it: the colour requirement is not ignored.",
                ("dcg.breeding.not_referenced",))
    return (False, f" {p} has no Digimon with {req.text} in the battle area, so the colour requirement is not "
                   f"ignored.", ())
