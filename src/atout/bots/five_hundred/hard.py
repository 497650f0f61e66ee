"""Hard Five Hundred: DDS over sampled deals for the bid, the kitty discard and the card play.

DDS plays 52-card suit contracts; a Five Hundred suit contract maps onto it
exactly (``DESIGN.md``): within each *effective* suit (the joker and both
bowers belong to trumps) the cards keep their order and take the top DDS
ranks, so the joker is the trump ace, the right bower the king, and so on.
No-trumps (the joker is a one-card trump suit) and misère do not fit DDS;
there the medium play is used, and the solver's own search takes over in
the last tricks of no-trumps.

* **Bidding**: in each world (three hands and the kitty drawn), for each
  trump suit, the bot takes the kitty, discards as the greedy bot would and
  asks DDS how many tricks its side takes leading. Each legal bid is scored
  by its mean result (the bid's value made or lost, minus the defenders'
  ten a trick), counting half a trick less than double dummy since real
  play is not double dummy; the best bid worth more than passing (0) is made.
* **Kitty**: the discards worth considering (three of the weakest six
  cards) are each scored by DDS over worlds.
* **Play**: PIMC; a card's value in a world is the deal's points for our
  side minus theirs. In suit contracts, an opponent who reads as a panel
  player over the match (:mod:`atout.bots.five_hundred.opponents`) has the
  worlds resampled by how well his style explains his cards
  (:mod:`atout.bots.reading`); against rule players the worlds are as above.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from itertools import combinations

from atout.bots.five_hundred import greedy, medium
from atout.bots.five_hundred.opponents import world_hands
from atout.bots.levels import View, typed
from atout.bots.pimc import pimc
from atout.bots.reading import OpponentModel, reading_of, resampled
from atout.bots.sampling import World, five_hundred_world
from atout.cards import CardSet, card_name, cards_of, mask_of
from atout.games.five_hundred import call_value, contract_order, parse_call
from atout.games.five_hundred.rules import MISERE
from atout.games.five_hundred.view import FiveHundredContract, FiveHundredView, Phase
from atout.solver.dds import dds_solve
from atout.solver.project import five_hundred_table

__all__ = ["BID_SHORTFALL", "choose", "deal_score", "effective_hands"]


def _discard_action(cards: Sequence[int]) -> str:
    """The action that throws ``cards`` (in index order)."""
    return "discard " + " ".join(card_name(c) for c in cards)


NT = 4


def effective_hands(hands: list[CardSet], strain: int) -> list[CardSet]:
    """The hands as DDS sees them in a suit contract."""
    table = five_hundred_table(strain)
    return [mask_of(table[c] for c in cards_of(h)) for h in hands]


def deal_score(bid_code: int, tricks: int) -> int:
    """The contracting side's points minus the defenders' for ``tricks`` taken by the contract."""
    value = call_value(bid_code)
    need = bid_code // 5 + 6
    made = (250 if tricks == 10 and value < 250 else value) if tricks >= need else -value
    return made - 10 * (10 - tricks)


def choose(
    view: View,
    rng: random.Random,
    budget: float,
    samples: int = 64,
    *,
    opponents: OpponentModel | None = None,
) -> str:
    """The hard action for this view, within ``budget`` seconds (bids and discards get three).

    ``opponents`` is what this seat has learnt of how the opponents play over the match
    (:mod:`atout.bots.five_hundred.opponents`; it reads the view's new cards first): the
    worlds of a suit contract's play are weighed by it for an opponent who does not read as
    a rule player.
    """
    if opponents is not None:
        opponents.observe(view)
    seen = typed(view, FiveHundredView)
    legal = list(seen.legal)
    if len(legal) == 1:
        return str(legal[0])
    phase = seen.phase
    if phase is Phase.AUCTION:
        return _bid(seen, rng, time.perf_counter() + 3 * budget, max(4, samples // 4))
    contract = seen.contract
    assert contract is not None
    if phase is Phase.KITTY:
        return _discard(seen, contract, rng, time.perf_counter() + 3 * budget, max(4, samples // 4))
    strain = greedy.contract_strain(contract)
    if strain == NT or contract.sits_out is not None:
        if seen.hand.bit_count() > SEARCH_CARDS:
            return medium.choose(seen, rng)
        return _play_searched(seen, contract, rng, time.perf_counter() + budget, samples)
    return _play(seen, contract, rng, strain, time.perf_counter() + budget, samples, opponents)


SEARCH_CARDS = 5
"""No-trumps and misère are searched by :mod:`atout.solver` from this many cards in hand."""


def _play_searched(
    view: FiveHundredView,
    contract: FiveHundredContract,
    rng: random.Random,
    deadline: float,
    samples: int,
) -> str:
    """No-trumps (the joker its own trump suit) and misère: PIMC over the solver's own search."""
    from atout.solver import solve_projection  # noqa: PLC0415 - loads the search on demand
    from atout.solver.position import JOKER_SUIT  # noqa: PLC0415
    from atout.solver.project import Projection  # noqa: PLC0415

    legal = list(view.legal)
    code = contract.bid
    contractor = contract.contractor
    sits_out = contract.sits_out
    misere = sits_out is not None or code >= 25
    seat = view.seat
    assert seat is not None and view.trick_leader is not None
    ours = seat % 2 == contractor % 2
    order = contract_order(NT)
    trick = view.trick
    named = view.named_suit
    led = int(named) if named is not None else (order.suit[trick[0]] if trick else -1)
    leader = view.trick_leader
    won = view.tricks_won
    left = view.hand.bit_count()
    fallback = medium.choose(view, rng)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = five_hundred_world(view, r, order)
        proj = Projection(
            tuple(world.hands),
            JOKER_SUIT,
            leader,
            trick,
            led,
            skip=-1 if sits_out is None else sits_out,
            misere=misere,
            contractor=contractor,
            restrict_joker=True,
        )
        values = solve_projection(proj)
        out: dict[str, float] = {}
        for action, value in values.items():
            if misere:
                # 1: the contractor is forced to take a trick, and the misère fails.
                out[action] = -float(value) if ours else float(value)
                continue
            tricks = won[contractor % 2] + (value if ours else left - value)
            score = deal_score(code, tricks)
            out[action] = (score if ours else -score) / 100.0
        return out or None

    return pimc(
        legal,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=samples,
        prior={fallback: 0.001},
    )


def _play(
    view: FiveHundredView,
    contract: FiveHundredContract,
    rng: random.Random,
    strain: int,
    deadline: float,
    samples: int,
    opponents: OpponentModel | None = None,
) -> str:
    legal = list(view.legal)
    code = contract.bid
    contractor = contract.contractor
    seat = view.seat
    assert seat is not None and view.trick_leader is not None
    ours = seat % 2 == contractor % 2
    order = contract_order(strain)
    table = five_hundred_table(strain)
    trump = order.trump
    trick = [table[c] for c in view.trick]
    leader = view.trick_leader
    side_won = view.tricks_won[contractor % 2]
    left = view.hand.bit_count()
    by_card = {table[c]: a for c, a in zip(greedy.action_cards(legal), legal, strict=True)}
    fallback = medium.choose(view, rng)

    def uniform(r: random.Random) -> World:
        return five_hundred_world(view, r, order)

    draw: Callable[[random.Random], World] = uniform
    weight = reading_of(opponents, view)
    if weight is not None:
        draw = resampled(draw, world_hands, weight)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = draw(r)
        hands = effective_hands(list(world.hands), strain)
        scores = dds_solve(hands, trump, leader, trick)
        out: dict[str, float] = {}
        for card, tricks in scores.items():
            action = by_card.get(card)
            if action is None:
                continue
            contract_tricks = side_won + (tricks if ours else left - tricks)
            score = deal_score(code, contract_tricks)
            out[action] = (score if ours else -score) / 100.0
        return out or None

    return pimc(
        legal,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=samples,
        prior={fallback: 0.001},
    )


def _tricks_as_contractor(hand: CardSet, others: list[CardSet], seat: int, strain: int) -> int:
    """DDS tricks for ``seat``'s side, ``seat`` holding ``hand`` (kitty taken, three discarded)."""
    order = contract_order(strain)
    cards = list(cards_of(hand))
    thrown = set(greedy.discard_cards(cards, order))
    kept = mask_of(c for c in cards if c not in thrown)
    hands = [kept if s == seat else others[s] for s in range(4)]
    result = dds_solve(effective_hands(hands, strain), order.trump, seat, solutions=1)
    return max(result.values()) if result else 0


def _bid(view: FiveHundredView, rng: random.Random, deadline: float, samples: int) -> str:
    legal = list(view.legal)
    seat = view.seat
    assert seat is not None
    bids = [(s, c) for s, c in view.auction if c >= 0]
    if bids and bids[-1][0] == (seat + 2) % 4:
        return "pass"  # partner holds the auction
    own = view.hand
    hint = medium.bid(view)
    suit_bids = [
        a for a in legal if a != "pass" and 0 <= parse_call(a) < 25 and parse_call(a) % 5 < 4
    ]
    # Bids considered: the cheapest in each suit and a level or two above.
    considered: list[str] = []
    for strain in range(4):
        mine = [a for a in suit_bids if parse_call(a) % 5 == strain][:3]
        considered += mine
    if hint != "pass" and hint not in considered:
        considered.append(hint)
    actions = ["pass", *considered] if "pass" in legal else considered
    if len(actions) <= 1:
        return hint
    order = contract_order(0)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = five_hundred_world(view, r, order)
        hand = own | world.extra[0]
        others = list(world.hands)
        tricks = {s: _tricks_as_contractor(hand, others, seat, s) for s in range(4)}
        out = {"pass": 0.0}
        for action in considered:
            code = parse_call(action)
            strain = code % 5
            if strain == NT:  # no DDS for no-trumps: trust the medium bot's estimate
                out[action] = 0.5 if action == hint else -1.0
                continue
            out[action] = _bid_value(code, tricks[strain]) / 100.0
        return out

    return pimc(
        actions,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=3,
        max_samples=samples,
        prior={hint: 0.2, "pass": 0.1},
    )


BID_SHORTFALL = 0.5
"""Tricks a bid counts short of double dummy in its world: double dummy flatters the declarer
(he always finds the missing cards, and the bidder cannot even see his partner's hand)."""


def _bid_value(code: int, tricks: int) -> float:
    """A bid's result in a world where the contractor's side takes ``tricks`` double dummy,
    :data:`BID_SHORTFALL` tricks counted short (between the whole tricks on either side)."""
    whole = int(BID_SHORTFALL)
    part = BID_SHORTFALL - whole
    return (1 - part) * deal_score(code, tricks - whole) + part * deal_score(
        code, tricks - whole - 1
    )


def _discard(
    view: FiveHundredView,
    contract: FiveHundredContract,
    rng: random.Random,
    deadline: float,
    samples: int,
) -> str:
    legal = view.legal
    strain = greedy.contract_strain(contract)
    hand = list(cards_of(view.hand))
    order = contract_order(strain)
    greedy_thrown = greedy.discard_cards(hand, order, misere=contract.bid >= MISERE)
    greedy_choice = _discard_action(greedy_thrown)
    if strain == NT:
        return greedy_choice if greedy_choice in legal else legal[0]
    code = contract.bid
    seat = view.seat
    assert seat is not None

    def keep(card: int) -> tuple[int, int]:
        return (order.suit[card] == order.trump, order.strength[card])

    weakest = sorted(hand, key=keep)[:6]
    thrown_by: dict[str, tuple[int, ...]] = {
        _discard_action(sorted(combo)): combo for combo in combinations(weakest, 3)
    }
    thrown_by = {o: combo for o, combo in thrown_by.items() if o in legal}
    thrown_by[greedy_choice] = tuple(greedy_thrown)
    actions = sorted(thrown_by)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = five_hundred_world(view, r, order)
        out: dict[str, float] = {}
        for action in actions:
            thrown = set(thrown_by[action])
            kept = mask_of(c for c in hand if c not in thrown)
            hands = [kept if s == seat else world.hands[s] for s in range(4)]
            result = dds_solve(effective_hands(hands, strain), order.trump, seat, solutions=1)
            tricks = max(result.values()) if result else 0
            out[action] = deal_score(code, tricks) / 100.0
        return out

    return pimc(
        actions,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=samples,
        prior={greedy_choice: 0.05},
    )
