"""Court Piece's ceiling: what a pair that sees every card wins in bench/panel.py's matches.

Usage: ``python bench/cp_ceiling.py [--matches N] [--opponents medium,aggressive,greedy]
[--trump hard|medium|dd] [--workers W] [--records DIR]``

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
let through (``oracle-br`` in ``bench/court_piece_deals.py`` does, against
greedy only); and a card that maximises tricks serves the deal, not the match
(a match is first to 5 points, a Bavney scoring two: the score is not looked at).

How it sees: ``atout.sim.play.play_game`` hands a bot only its seat's view,
but deals from ``random.Random(seed)`` alone (the first dealer, then one
shuffle per deal, whatever was played) and seeds bot ``i`` with
``seed * 16 + i``. The bot replays those draws on its own generator, and
checks the hand it rebuilds for its seat against the view's.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from atout.bots.court_piece import medium
from atout.bots.registry import make_bot
from atout.cards import mask_of, parse_card
from atout.games import get_game
from atout.solver.dds import dds_solve
from court_piece_deals import oracle_action  # bench/, beside this script
from panel import EFFORT, strength

GAME = get_game("court-piece")
RULES = GAME.parse_rules({})
TRUMP_CALLS = ("hard", "medium", "dd")


class Omniscient:
    """One seat of the omniscient pair in a match played by ``play_game`` (module doc)."""

    def __init__(self, seed: int, trump: str) -> None:
        self.rng = random.Random(seed)
        self.trump = trump
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
        return oracle_action(view, hands, fallback, most_tricks=True)

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


def main() -> None:
    """One line per opponent, as bench/panel.py prints them."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--matches", type=int, default=40, help="Seeds per pairing (x2 matches).")
    parser.add_argument("--opponents", default="medium,aggressive,greedy")
    parser.add_argument("--trump", choices=TRUMP_CALLS, default="hard")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--records", type=Path, help="Keep each match's record here.")
    args = parser.parse_args()
    player = f"cp_ceiling:omniscient_{args.trump}"
    for opponent in args.opponents.split(","):
        line = strength(
            GAME.id, opponent, args.matches, EFFORT[GAME.id], args.workers, args.records, player
        )
        print(line, flush=True)


if __name__ == "__main__":
    main()
