"""Optional processing conditions inside effects (任意処理条件, JP 3.6 15-7): "by trashing 1 card from your hand,
memory +1". Written `by: {do: trash_hand, amount: 1}` on an effect (EFFECTS.md).

The player chooses to carry the condition out (the default; `decline:` the card id to choose not to). Only if
it is carried out in full does the rest of the effect run (15-7-1, 15-7-2); it is never carried out in part
(15-7-3); it may be chosen when it cannot be carried out, and then nothing follows (15-7-4); it may be carried
out even when the rest has nothing to act on (15-7-5). An activated [Main] effect with one can be declared only
when it can be carried out, and then must be (15-8-4-4-1).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import InvalidScenario
from .model import Card, Cost, Digimon

# verb -> (operands it needs, operands it allows)
COST_VERBS = {
    "trash_hand": (set(), {"amount", "cards"}),        # 自分の手札をN枚破棄する
    "trash_security": (set(), {"amount"}),             # 自分のセキュリティを上からN枚破棄する
    "trash_sources": (set(), {"amount"}),              # このデジモンの進化元をN枚破棄する (top first)
    "suspend": ({"target"}, set()),                    # このデジモン/テイマーをレストさせる
    "delete": ({"target"}, set()),                     # 他の自分のデジモン1体を消滅させる
    "return_from_trash": ({"cards"}, set()),           # トラッシュから「X」と「Y」をデッキの下に戻す
}
COST_TARGETS = ("self", "own_digimon", "own_tamer")
WORDS = {"trash_hand": "trash {n} card{s} from {p}'s hand", "trash_security": "trash the top {n} card{s} of {p}'s "
         "security", "trash_sources": "trash {n} of this Digimon's digivolution card{s}", "suspend": "suspend {t}",
         "delete": "delete {t}", "return_from_trash": "return {cards} from {p}'s trash to the bottom of the deck"}


def parse_cost(data, path: str, card_ids_later: list) -> Cost:
    if not isinstance(data, dict):
        raise InvalidScenario(path, "a mapping like {do: trash_hand, amount: 1}")
    verb = data.get("do")
    if not isinstance(verb, str) or verb not in COST_VERBS:
        raise InvalidScenario(f"{path}.do", f"one of: {', '.join(COST_VERBS)}")
    needs, allows = COST_VERBS[verb]
    for key in data:
        if key != "do" and key not in needs | allows:
            raise InvalidScenario(f"{path}.{key}", f"not used by `by: {{do: {verb}}}`")
    for key in needs:
        if data.get(key) is None:
            raise InvalidScenario(f"{path}.{key}", f"required for `by: {{do: {verb}}}`")
    amount = data.get("amount", 1)
    if isinstance(amount, bool) or not isinstance(amount, int) or not 1 <= amount <= 20:
        raise InvalidScenario(f"{path}.amount", "must be 1..20")
    target = data.get("target")
    if target is not None and (not isinstance(target, str) or not target):
        raise InvalidScenario(f"{path}.target", f"one of: {', '.join(COST_TARGETS)}, or a card id")
    if target is not None and target not in COST_TARGETS:
        card_ids_later.append((f"{path}.target", target))
    cards = data.get("cards", [])
    if isinstance(cards, str):
        cards = [cards]
    if not isinstance(cards, list) or len(cards) > 20 or not all(isinstance(c, str) and c for c in cards):
        raise InvalidScenario(f"{path}.cards", "a list of card ids or names")
    if verb == "trash_hand" and cards:
        for i, c in enumerate(cards):
            card_ids_later.append((f"{path}.cards[{i}]", c))
        if "amount" in data and data["amount"] != len(cards):
            raise InvalidScenario(f"{path}.amount", "the number of `cards` listed")
        amount = len(cards)
    return Cost(verb, amount, target, tuple(cards))


def cost_text(c: Cost, p: str) -> str:
    return WORDS[c.do].format(n=c.amount, s="s" * (c.amount != 1), p=p, t=_target_words(c.target),
                              cards=" and ".join(c.cards))


def _target_words(target: str | None) -> str:
    return {"self": "this card", "own_digimon": "another of their Digimon", "own_tamer": "one of their Tamers"}.get(
        target or "", target or "")


def _plan(game, p: str, c: Cost, card_id: str, holder: Digimon | None):
    """What carrying out the condition would take now: a callable doing it, or None when it cannot be carried
    out in full (15-7-3)."""
    ps = game.ps(p)
    if c.do == "trash_hand":
        cards = ([x for x in ps.hand if x.id in c.cards] if c.cards else
                 [x for x in ps.hand if x.id != card_id][:c.amount])
        if len(cards) < c.amount:
            return None
        return lambda: game.discard(p, cards, p)
    if c.do == "trash_security":
        if len(ps.security) < c.amount:
            return None
        return lambda: _trash_from(game, p, "security", list(ps.security[:c.amount]))
    if c.do == "trash_sources":
        if holder is None or game.find(holder.id) is None or len(game.find(holder.id)[1].sources) < c.amount:
            return None
        return lambda: game.trash_sources(p, game.find(holder.id)[1], c.amount)
    if c.do == "return_from_trash":
        picked: list[Card] = []
        for want in c.cards:
            hit = next((x for x in ps.trash if x not in picked and want.casefold() in (x.id.casefold(),
                                                                                     x.name.casefold())), None)
            if hit is None:
                return None
            picked.append(hit)

        def bottom():
            now = game.ps(p)
            game.set_ps(p, replace(now, trash=tuple(x for x in now.trash if x not in picked),
                                   deck=now.deck + tuple(picked)))
        return bottom
    stack = _stack_target(game, p, c.target, holder)
    if stack is None or (c.do == "suspend" and stack.suspended):
        return None
    if c.do == "suspend":
        return lambda: game.put(p, replace(game.find(stack.id)[1], suspended=True))

    def delete():
        return bool(game.destroy([stack.id], cause="effect", by=p))
    return delete


def _stack_target(game, p: str, target: str | None, holder: Digimon | None) -> Digimon | None:
    area = game.ps(p).battle_area
    if target == "self":
        return game.find(holder.id)[1] if holder is not None and game.find(holder.id) else None
    if target in ("own_digimon", "own_tamer"):
        kind_ok = (lambda d: d.is_digimon) if target == "own_digimon" else (lambda d: d.card.kind == "tamer")
        pool = [d for d in area if kind_ok(d) and (holder is None or d.id != holder.id)]
        return game.pick("by", pool)
    return next((d for d in area if d.id == target), None)


def _trash_from(game, p: str, zone: str, cards: list[Card]) -> None:
    ps = game.ps(p)
    game.set_ps(p, replace(ps, **{zone: tuple(x for x in getattr(ps, zone) if x not in cards)}))
    game.trash_cards(p, cards)


def can_pay(game, p: str, c: Cost, card_id: str, holder: Digimon | None) -> bool:
    return _plan(game, p, c, card_id, holder) is not None


def pay(game, p: str, c: Cost, card_id: str, holder: Digimon | None, forced: bool = False) -> bool:
    """Carry out the condition if the player chooses to (always when `forced`: a declared activated effect).
    Returns whether it was carried out in full, so that the rest of the effect runs."""
    what = cost_text(c, p)
    if not forced and not game.uses("by", card_id):
        game.step("effect.cost_declined", f"{p} chooses not to {what}, so nothing after it in {card_id}'s effect "
                  f"is carried out.", "dcg.cost_condition.not_done", "dcg.cost_condition", card=card_id, player=p)
        return False
    plan = _plan(game, p, c, card_id, holder)
    if plan is None:
        game.step("effect.cost_unpaid", f"{p} chooses to {what} for {card_id}'s effect but cannot do all of it, so "
                  f"none of it is done and nothing after it is carried out.", "dcg.cost_condition.choose_anyway",
                  "dcg.cost_condition.no_partial", "dcg.cost_condition.not_done", card=card_id, player=p)
        return False
    game.step("effect.cost_paid", f"{p} carries out the condition of {card_id}'s effect: {what}; the rest of the "
              f"effect follows.", "dcg.cost_condition", *(["dcg.cost_condition.activated"] if forced else []),
              card=card_id, player=p)
    if plan() is False:   # a deletion another effect stopped: the condition was not carried out
        game.step("effect.cost_unpaid", f"{what.capitalize()} was not carried out in the end, so nothing after it "
                  f"in {card_id}'s effect is carried out.", "dcg.cost_condition.not_done", card=card_id, player=p)
        return False
    return True
