"""Hard bridge: the natural system, simulation between its candidate calls, PIMC card play.

* **Play.** Worlds are drawn from the view (:func:`~atout.bots.sampling.bridge_world`)
  and filtered by the auction: each hidden hand, with the cards it has
  already played, must agree with what its calls showed
  (:func:`~atout.bots.bridge.bidding.call_meaning`). In each world DDS
  answers one question for every card at once: does the side to play still
  make (or, defending, defeat) the contract? A card's value is the
  contract's score made or one down, from our side, so the bot plays for
  the contract first, as duplicate scoring rewards. An opponent who reads as a
  panel player over the match (:mod:`atout.bots.bridge.opponents`) has the
  worlds resampled by how well his style explains his cards
  (:mod:`atout.bots.reading`); against rule players the worlds are as above.
* **Bidding.** Where the system allows several calls (a game or a part
  score, 3NT or four of a major), each is scored as if it ended the auction
  over worlds consistent with the auction so far: DDS gives the declaring
  side's tricks, and duplicate scoring turns them into points.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping
from typing import Any

from atout.bots.bridge import medium
from atout.bots.bridge.bidding import Meaning, call_meaning, candidates, hand_fits
from atout.bots.levels import View, legal_cards, typed
from atout.bots.pimc import pimc
from atout.bots.reading import OpponentModel, reading_of, resampled
from atout.bots.sampling import World, bridge_world
from atout.cards import CardSet
from atout.games.bridge.auction import call_name, level_of, strain_of
from atout.games.bridge.scoring import duplicate_score
from atout.games.bridge.view import BridgeView
from atout.solver.dds import dds_solve

__all__ = ["auction_filter", "choose"]

_STRAINS = ("C", "D", "H", "S", "NT")


def choose(
    view: Mapping[str, Any],
    rng: random.Random,
    budget: float,
    samples: int = 64,
    *,
    opponents: OpponentModel | None = None,
) -> str:
    """The hard action for this view, within ``budget`` seconds (a contested bid gets three).

    ``opponents`` is what this seat has learnt of how the opponents play over the match
    (:mod:`atout.bots.bridge.opponents`; it reads the view's new cards first): the worlds of
    the card play are weighed by it for an opponent who does not read as a rule player.
    """
    if opponents is not None:
        opponents.observe(view)
    seen = typed(view, BridgeView)
    legal = list(seen.legal)
    if len(legal) == 1:
        return str(legal[0])
    phase = seen.phase
    if phase == "claim":
        return medium.choose(view, rng)
    if phase == "auction":
        calls = candidates(view)
        if len(calls) == 1:
            return calls[0]
        return _simulate_calls(view, calls, rng, time.perf_counter() + 3 * budget, samples)
    return _play(view, rng, time.perf_counter() + budget, samples, opponents)


def auction_filter(view: View) -> Callable[[list[CardSet]], bool]:
    """A test that drawn hands agree with the auction (and with the cards each has played)."""
    seen = typed(view, BridgeView)
    calls = _calls(seen)
    meanings: dict[int, list[Meaning]] = {}
    for i, (seat, _) in enumerate(calls):
        meanings.setdefault(seat, []).append(call_meaning(calls, i))
    played: dict[int, CardSet] = {}
    for leader, cards, _ in seen.tricks:
        for i, c in enumerate(cards):
            s = (leader + i) % 4
            played[s] = played.get(s, 0) | 1 << c
    for i, c in enumerate(seen.trick):
        assert seen.trick_leader is not None
        s = (seen.trick_leader + i) % 4
        played[s] = played.get(s, 0) | 1 << c
    me = seen.seat
    dummy = seen.dummy_seat if seen.dummy else None

    def accept(packets: list[CardSet]) -> bool:
        for seat in range(4):
            if seat in (me, dummy) or not meanings.get(seat):
                continue
            whole = packets[seat] | played.get(seat, 0)
            if not all(hand_fits(whole, m) for m in meanings[seat]):
                return False
        return True

    return accept


def _calls(view: BridgeView) -> list[tuple[int, str]]:
    """The auction as the bidding system reads it: ``(seat, call)`` by the call's name."""
    dealer = view.auction.dealer
    return [((dealer + i) % 4, call_name(c)) for i, c in enumerate(view.auction.calls)]


def _contract(view: BridgeView) -> tuple[int, int, int, int]:
    """(level, strain in bidding order, doubled, declarer) of the contract being played."""
    bid, declarer = view.bid, view.declarer
    assert bid is not None and declarer is not None
    return level_of(bid), strain_of(bid), view.doubled, declarer


def _play(
    view: Mapping[str, Any],
    rng: random.Random,
    deadline: float,
    samples: int,
    opponents: OpponentModel | None = None,
) -> str:
    seen = typed(view, BridgeView)
    legal = [a for a in seen.legal if len(a) == 2]
    if not legal:
        return medium.choose(view, rng)
    level, strain, doubled, declarer = _contract(seen)
    trump = (3, 2, 1, 0, -1)[strain]
    turn = seen.turn
    me = seen.seat
    assert turn is not None and me is not None
    vulnerable = seen.vulnerable[declarer % 2]
    won = seen.tricks_won
    decl_side = declarer % 2
    need_decl = level + 6 - won[decl_side]
    need_def = 13 - (level + 6) + 1 - won[1 - decl_side]
    made = duplicate_score(level, strain, doubled, vulnerable, level + 6)
    down = duplicate_score(level, strain, doubled, vulnerable, level + 5)
    ours_declaring = me % 2 == decl_side
    playing_declarer = turn % 2 == decl_side
    need = need_decl if playing_declarer else need_def
    trick = list(seen.trick)
    leader = seen.trick_leader if seen.trick_leader is not None else turn
    by_card = dict(zip(legal_cards(legal), legal, strict=True))
    accept = auction_filter(seen)
    fallback = medium.choose(view, rng)
    playing = (seen.dummy or 0) if turn == seen.dummy_seat and turn != me else seen.hand
    left = playing.bit_count()
    if need <= 0 or need > left:
        # Already made or already beaten: the book's card is as good as any.
        return fallback

    def uniform(r: random.Random) -> World:
        return bridge_world(seen, r, accept)

    draw: Callable[[random.Random], World] = uniform
    weight = reading_of(opponents, seen)
    if weight is not None:
        draw = resampled(draw, _hands, weight)

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = draw(r)
        scores = dds_solve(list(world.hands), trump, leader, trick, target=need, solutions=2)
        reaching = {by_card[c] for c, t in scores.items() if t >= need and c in by_card}
        out: dict[str, float] = {}
        for action in legal:
            decl_makes = (action in reaching) == playing_declarer
            score = made if decl_makes else down
            out[action] = score / 100.0 if ours_declaring else -score / 100.0
        return out

    return pimc(
        legal,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=samples,
        prior={fallback: 0.001},
    )


def _hands(world: World) -> tuple[CardSet, ...]:
    return world.hands


def _simulate_calls(
    view: Mapping[str, Any], calls: list[str], rng: random.Random, deadline: float, samples: int
) -> str:
    seen = typed(view, BridgeView)
    me = seen.seat
    assert me is not None
    auction = _calls(seen)
    accept = auction_filter(seen)
    vulnerable = seen.vulnerable
    finals = {call: _final_contract(auction, me, call) for call in calls}

    def evaluate(r: random.Random) -> dict[str, float] | None:
        world = bridge_world(seen, r, accept)
        hands = list(world.hands)
        cache: dict[tuple[int, int], int] = {}
        out: dict[str, float] = {}
        for call, final in finals.items():
            if final is None:
                out[call] = 0.0
                continue
            level, strain, doubled, declarer = final
            key = (strain, declarer)
            if key not in cache:
                trump = (3, 2, 1, 0, -1)[strain]
                result = dds_solve(hands, trump, (declarer + 1) % 4, solutions=1)
                cache[key] = 13 - max(result.values()) if result else 0
            tricks = cache[key]
            score = duplicate_score(level, strain, doubled, bool(vulnerable[declarer % 2]), tricks)
            out[call] = score / 100.0 if declarer % 2 == me % 2 else -score / 100.0
        return out

    prior = {calls[0]: 0.3}  # the system's own choice, unless the simulation clearly disagrees
    return pimc(
        calls,
        evaluate,
        rng,
        deadline=deadline,
        min_samples=2,
        max_samples=max(4, samples // 4),
        prior=prior,
    )


def _final_contract(
    auction: list[tuple[int, str]], me: int, call: str
) -> tuple[int, int, int, int] | None:
    """The contract if ``call`` ended the auction: level, strain, doubled, declarer."""
    history = [*auction, (me, call)]
    last: tuple[int, str] | None = None
    doubled = 0
    for seat, c in history:
        if c[:1].isdigit():
            last, doubled = (seat, c), 0
        elif c == "X":
            doubled = 1
        elif c == "XX":
            doubled = 2
    if last is None:
        return None
    seat, bid = last
    strain = _STRAINS.index(bid[1:])
    declarer = next(
        s for s, c in history if c[:1].isdigit() and c[1:] == bid[1:] and s % 2 == seat % 2
    )
    return int(bid[0]), strain, doubled, declarer
