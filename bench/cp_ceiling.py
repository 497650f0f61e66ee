"""Court Piece's ceiling: what a pair that sees every card wins in bench/panel.py's matches.

Usage: ``python bench/cp_ceiling.py [--matches N] [--opponents medium,aggressive,greedy]
[--trump hard|medium|dd] [--knows] [--sees partner|later|all] [--workers W] [--records DIR]
[--seed S]``

The same duplicate matches as ``bench/panel.py`` (its seeds, lineup and
figures with 95% intervals: :func:`panel.strength`) with Hard replaced by an
omniscient pair. Each of its seats sees all four hands and plays
``bench/court_piece_deals.py``'s ``oracle+`` card: one that double dummy says
still reaches the side's target (seven tricks, or all thirteen in a Bavney
chase), Medium's card if it is one of them; when none does, the card that
keeps most tricks. Its trump call (``--trump``): Hard's own at the panel's
effort (default), Medium's rule, or ``dd``, the suit in which double dummy
gives the caller's side most tricks with the caller leading.

Two reasons the figure is a ceiling of this player, not of every player:
double dummy plays as if the opponents were perfect, so where no card reaches
the target it does not seek the line that the opponents' actual rules would
let through; and a card that maximises tricks serves the deal, not the match
(a match is first to 5 points, a Bavney scoring two: the score is not looked at).
``--knows`` answers the first: the pair also knows the opponents' rules, and
where no card reaches the target double dummy it searches the real deal
against those rules' replies (Hard's tree search, :func:`tree.search`, in the
one true world, the opponents' policy code in every seat, capped at
:data:`RESPONSE_ITERATIONS`): nearer the true ceiling, still below it (a
sampled search, not a proof).

How it sees: ``atout.sim.play.play_game`` hands a bot only its seat's view,
but deals from ``random.Random(seed)`` alone (the first dealer, then one
shuffle per deal, whatever was played) and seeds bot ``i`` with
``seed * 16 + i``. The bot replays those draws on its own generator, and
checks the hand it rebuilds for its seat against the view's.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from atout.bots.court_piece import hard, medium, tree
from atout.bots.court_piece.hard import _gone, _need, _voids
from atout.bots.levels import typed
from atout.bots.registry import make_bot
from atout.bots.sampling import SwapChain, _court_piece_play_rules, deal_hidden
from atout.cards import card_name, mask_of, parse_card
from atout.games import get_game
from atout.games.court_piece_view import CourtPieceView
from atout.solver.dds import dds_solve
from court_piece_deals import oracle_action  # bench/, beside this script
from panel import EFFORT, SEED, strength

GAME = get_game("court-piece")
RULES = GAME.parse_rules({})
TRUMP_CALLS = ("hard", "medium", "dd")
RESPONSE_ITERATIONS = 20_000
"""``--knows``: the search's iterations in a position double dummy calls lost."""


class Omniscient:
    """One seat of the omniscient pair in a match played by ``play_game`` (module doc)."""

    def __init__(self, seed: int, trump: str, reply: str | None = None) -> None:
        self.rng = random.Random(seed)
        self.trump = trump
        codes = {**tree.POLICY_CODES, "medium": tree.BOOK}
        self.reply = None if reply is None else codes[reply]
        self.hard = (
            make_bot("hard", GAME.id, seed, effort=EFFORT[GAME.id]) if trump == "hard" else None
        )
        self.generator = random.Random(seed // 16)  # play_game's deals
        GAME.first_dealer(RULES, self.generator)
        self.before: list[tuple[Any, ...]] = []  # the generator's state before each deal's shuffle

    def choose(self, view: Mapping[str, Any]) -> str:
        """The trump call as ``--trump`` says, or the double-dummy card."""
        if self.hard is not None and view["phase"] == "trump":
            return self.hard.choose(view)
        hands = self.hands(view)
        fallback = medium.choose(view, self.rng)
        if view["phase"] == "trump" and self.trump == "dd":
            return dd_trump(hands, int(view["seat"]), fallback)
        if self.reply is not None and view["phase"] == "play" and len(view["legal"]) > 1:
            card = self.response(typed(view, CourtPieceView), hands, self.reply)
            if card is not None:
                return card_name(card)
        return oracle_action(view, hands, fallback, most_tricks=True)

    def response(self, seen: CourtPieceView, hands: list[int], reply: int) -> int | None:
        """Where double dummy finds no card reaching the target: the card the search against
        the opponents' rules plays in the true deal (``None``: double dummy's card will do)."""
        seat, trump = seen.seat, seen.trump
        assert seat is not None and trump is not None
        need, stakes = _need(list(seen.tricks_won), seat % 2, courts=seen.variant == "courts")
        trick = list(seen.trick)
        scores = dds_solve(hands, int(trump), seen.trick_leader, trick, solutions=1)
        if need > hands[seat].bit_count() or max(scores.values()) >= need:
            return None
        return tree.search(
            [hands],
            seat=seat,
            trump=int(trump),
            leader=seen.trick_leader,
            trick=trick,
            need=need,
            stakes=stakes,
            seconds=math.inf,
            seed=self.rng.getrandbits(64),
            max_iterations=RESPONSE_ITERATIONS,
            policies=[[reply] * 4],
            gone=_gone(seen),
            voids=_voids(seen),
        ).card

    def hands(self, view: Mapping[str, Any]) -> list[int]:
        """The four hands now, as card masks: the deal's layout less the cards played."""
        number = int(view["match"]["deal_number"])
        while len(self.before) < number:
            self.before.append(self.generator.getstate())
            GAME.deal(RULES, 0, self.generator)
        replay = random.Random()
        replay.setstate(self.before[number - 1])
        layout = GAME.deal(RULES, int(view["dealer"]), replay)
        played = [c for t in view["tricks"] for c in t["cards"]] + list(view["trick"]["cards"])
        gone = mask_of(parse_card(c) for c in played)
        hands = [mask_of(hand) & ~gone for hand in layout.hands]
        seat = int(view["seat"])
        if view["phase"] != "trump" and hands[seat] != mask_of(parse_card(c) for c in view["hand"]):
            raise RuntimeError(f"deal {number} rebuilt wrong for seat {seat}: is it play_game's?")
        return hands


class Sighted(Omniscient):
    """Hard that also sees its partner's hand (``--sees partner``; ``later``: from the
    second trick on) or every hand (``all``).

    Its trump call and its search are Hard's; only its worlds change: with
    ``partner`` each world keeps the partner's true hand and draws the
    opponents' as Hard does (the same evidence, the chain over their two hands
    alone); with ``all`` every world is the true deal. The gap between Hard,
    the partner-sighted Hard and the all-sighted one says how much of what
    Hard loses is its partner's hand and how much the opponents'.
    """

    def __init__(self, seed: int, sees: str) -> None:
        super().__init__(seed, "hard")
        self.sees = sees

    def choose(self, view: Mapping[str, Any]) -> str:
        """Hard's action, its worlds drawn with what this seat is let see."""
        assert self.hard is not None
        blind = self.sees == "later" and not view["tricks"]
        if view["phase"] != "play" or len(view["legal"]) < 2 or blind:
            return self.hard.choose(view)
        truth = self.hands(view)
        plain = hard._world_source

        def sighted(seen: CourtPieceView, rng: random.Random, opponents: Any = None) -> Any:
            if self.sees == "all":
                return lambda: list(truth)
            return partner_sighted(seen, rng, opponents, truth)

        hard._world_source = sighted  # type: ignore[assignment]
        try:
            return self.hard.choose(view)
        finally:
            hard._world_source = plain


def partner_sighted(
    seen: CourtPieceView, rng: random.Random, opponents: Any, truth: list[int]
) -> Any:
    """Hard's world source with the partner's hand fixed at the true one."""
    seat = seen.seat
    assert seat is not None
    partner = (seat + 2) % 4
    rules = _court_piece_play_rules(seen)
    pool = rules.pool & ~truth[partner]
    needs = [0 if s in (seat, partner) else rules.needs[s] for s in range(4)]

    def uniform() -> list[int]:
        drawn = deal_hidden(pool, needs, rules.forbidden, rng, accept=rules.keep, tries=8)
        return [truth[s] if s in (seat, partner) else drawn[s] for s in range(4)]

    weight = hard._believability(seen, opponents)
    if weight is None:
        return uniform
    them = [(seat + 1) % 4, (seat + 3) % 4]
    chain = SwapChain(
        uniform(), seats=them, forbidden=rules.forbidden, weight=weight, keep=rules.keep
    )
    chain.advance(rng, hard.BURN_IN)
    return lambda: chain.advance(rng, hard.SWAPS_PER_WORLD)


def sighted_partner(game: str, seed: int) -> Sighted:
    """``cp_ceiling:sighted_partner``: Hard that sees its partner's hand."""
    return Sighted(seed, "partner")


def sighted_later(game: str, seed: int) -> Sighted:
    """``cp_ceiling:sighted_later``: Hard that sees its partner's hand from the second trick."""
    return Sighted(seed, "later")


def sighted_all(game: str, seed: int) -> Sighted:
    """``cp_ceiling:sighted_all``: Hard whose every world is the true deal."""
    return Sighted(seed, "all")


def dd_trump(hands: list[int], caller: int, fallback: str) -> str:
    """The suit in which double dummy gives the caller's side most tricks (ties: Medium's)."""

    def tricks(suit: int) -> tuple[int, bool]:
        scores = dds_solve(hands, suit, caller, solutions=1)
        return max(scores.values()), fallback == f"trump {'SHDC'[suit]}"

    return f"trump {'SHDC'[max(range(4), key=tricks)]}"


def omniscient_hard(game: str, seed: int) -> Omniscient:
    """``cp_ceiling:omniscient_hard``: Hard's trump call."""
    return Omniscient(seed, "hard")


def omniscient_medium(game: str, seed: int) -> Omniscient:
    """``cp_ceiling:omniscient_medium``: Medium's trump call."""
    return Omniscient(seed, "medium")


def omniscient_dd(game: str, seed: int) -> Omniscient:
    """``cp_ceiling:omniscient_dd``: the double-dummy trump call."""
    return Omniscient(seed, "dd")


def knowing_medium(game: str, seed: int) -> Omniscient:
    """``cp_ceiling:knowing_medium``: Hard's trump call, ``--knows`` Medium's rules (the book)."""
    return Omniscient(seed, "hard", "medium")


def knowing_aggressive(game: str, seed: int) -> Omniscient:
    """``cp_ceiling:knowing_aggressive``: Hard's trump call, ``--knows`` aggressive's rules."""
    return Omniscient(seed, "hard", "aggressive")


def knowing_greedy(game: str, seed: int) -> Omniscient:
    """``cp_ceiling:knowing_greedy``: Hard's trump call, ``--knows`` greedy's rules."""
    return Omniscient(seed, "hard", "greedy")


def main() -> None:
    """One line per opponent, as bench/panel.py prints them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=40, help="Seeds per pairing (x2 matches).")
    parser.add_argument("--opponents", default="medium,aggressive,greedy")
    parser.add_argument("--trump", choices=TRUMP_CALLS, default="hard")
    parser.add_argument(
        "--knows", action="store_true", help="Search against the opponent's rules (Hard's call)."
    )
    parser.add_argument(
        "--sees",
        choices=("partner", "later", "all"),
        help="Hard itself, its worlds keeping the partner's hand (from trick 2) or the deal.",
    )
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--records", type=Path, help="Keep each match's record here.")
    parser.add_argument("--seed", type=int, default=SEED, help="The first seed.")
    args = parser.parse_args()
    for opponent in args.opponents.split(","):
        player = (
            f"cp_ceiling:sighted_{args.sees}"
            if args.sees
            else f"cp_ceiling:knowing_{opponent}"
            if args.knows
            else f"cp_ceiling:omniscient_{args.trump}"
        )
        line = strength(
            GAME.id,
            opponent,
            args.matches,
            EFFORT[GAME.id],
            args.workers,
            args.records,
            player,
            args.seed,
        )
        print(line, flush=True)


if __name__ == "__main__":
    main()
