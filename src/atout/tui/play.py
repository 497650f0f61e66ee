"""Play in the terminal against (or with) bots. Everything on screen comes from views."""

from __future__ import annotations

import random
import re
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.console import Console

from atout.bots.registry import make_bot
from atout.core import ActionError, Match
from atout.declaring import person_for, person_view
from atout.games import get_game
from atout.tui.render import legal_forms, render_view, said_with_cards, seat_name
from atout.tui.words import result_words, seats_around, side_name, sides_text

__all__ = ["play_terminal"]

_JOKER = re.compile(r"\bjoker\b", re.IGNORECASE)


def play_terminal(
    game_id: str,
    options: Mapping[str, Any],
    *,
    seed: int | None = None,
    bots: Sequence[str] = ("greedy", "greedy", "greedy"),
    human: int = 0,
    ask: Callable[[str], str] = input,
    console: Console | None = None,
    clock: Callable[[], float] = time.monotonic,
    play_side_contracts: bool = True,
) -> Match:
    """A game with a person at seat ``human`` and bots elsewhere, until it ends or they quit.

    In bridge the person plays the contracts their bot partner wins (``atout.declaring``,
    as at the web table), unless ``play_side_contracts`` is false.
    """
    console = console or Console()
    game = get_game(game_id)
    rng = random.Random(seed)
    names = list(bots)
    players = ["you" if s == human else f"bot:{names.pop(0)}" for s in range(game.players)]
    # Which seats a bot plays, for atout.declaring; all of them: nobody plays a bot's contract.
    is_bot = tuple(s != human or not play_side_contracts for s in range(game.players))
    seat_bots = {
        s: make_bot(p.removeprefix("bot:"), game.id, rng.randrange(1 << 30))
        for s, p in enumerate(players)
        if s != human
    }
    # The game decides who deals first, knowing where the person sits (seed 001's app: on
    # his right); an explicit first_dealer, a duplicate board or a draw otherwise.
    match = Match.new(game, options, rng, host=human, players=players)
    console.print(seats_around(match.view(human), human))
    started = clock()
    while not match.is_over():
        limit = match.minutes_limit
        if (
            limit is not None
            and clock() - started >= 60 * limit
            and "time_up_in_deal" not in match.extra
        ):
            console.print("[yellow]time is up: this deal is the session's last[/yellow]")
            match = match.call_time()
            continue
        if match.needs_deal():
            _show_result(console, match, human)
            ask("press Enter for the next deal ")
            match = match.deal_next(rng)
            continue
        seat, actor = match.turn, match.actor  # they differ when declarer plays dummy
        assert seat is not None and actor is not None
        # The person plays their bot partner's contract (``atout.declaring``).
        if actor != human and person_for(match.view(None), actor, is_bot) != human:
            action = seat_bots[actor].choose(match.seen(actor))
            before = match.view(human)
            match = match.apply(action, seat)
            _tell_claim(console, before, match.view(human), action, actor, human)
            continue
        view = person_view(match, human, is_bot)
        console.print(render_view(view, human))
        text = ask("your move (a card like th or 10h, or an action; ? for help, q to quit) > ")
        if text.strip().lower() in ("q", "quit", "exit"):
            console.print("game left unfinished")
            return match
        if text.strip() in ("?", "help"):
            console.print("legal: " + ", ".join(legal_forms(view)))
            continue
        # The Joker is shown by its name: typed so too, it is the notation's JK.
        meant = match.read(_JOKER.sub("JK", text), actor, abbreviated=True)
        try:
            match = match.apply(meant, seat)
        except ActionError as error:
            console.print(f"[red]{said_with_cards(str(error), view.get('phase'))}[/red]")
            continue
        _tell_claim(console, view, match.view(human), meant, human, human)
    _show_result(console, match, human)
    winner = match.winner
    game_id = match.game.id
    console.print(
        "[bold]game over[/bold]: "
        + ("a draw" if winner is None else f"{side_name(game_id, winner, human)} wins")
        + "; totals "
        + sides_text(game_id, match.totals, human)
    )
    return match


def _tell_claim(
    console: Console,
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    action: str,
    actor: int,
    human: int,
) -> None:
    """Say what became of a claim, which the table alone would not show: a rejected claim
    leaves the board as it was before the claim, so without a sentence it looks ignored."""
    news = claim_news(before, after, action, actor, human)
    if news:
        console.print(f"[yellow]{news}[/yellow]")


def claim_news(
    before: Mapping[str, Any],
    after: Mapping[str, Any],
    action: str,
    actor: int,
    human: int,
) -> str | None:
    """A sentence on a claim made or answered by ``action``, or ``None`` if it was not one."""
    word = action.strip().lower().split()
    claim = before.get("claim") or after.get("claim")
    if not word or not claim:
        return None
    who = "you" if actor == human else seat_name(after, actor, human)
    declarer = seat_name(after, claim["by"], human)
    whose = "your" if claim["by"] == human else f"{declarer}'s"
    takes = "you take" if claim["by"] == human else f"{declarer} takes"
    tricks = claim["tricks"]
    agreed = after.get("phase") == "over"
    if word[0] == "claim":
        claimed = f"{who} claimed {tricks} more tricks"
        if agreed:
            return f"{claimed}, accepted at once: the deal is over."
        return f"{claimed}: the defenders accept or reject."
    if word[0] == "reject":
        return f"{who} rejected {whose} claim of {tricks} more tricks: play goes on."
    if word[0] == "accept" and agreed:
        won = after.get("tricks_won") or [0, 0]
        return (
            f"{who} accepted too: the claim is agreed, {takes} {tricks} more tricks"
            f" (tricks NS {won[0]}, EW {won[1]}) and the deal is over."
        )
    if word[0] == "accept":
        return f"{who} accepted {whose} claim of {tricks} more tricks; the other defender answers."
    return None


def _show_result(console: Console, match: Match, human: int) -> None:
    deal = match.current
    view = deal.state.view(human)
    console.print(render_view({**view, "match": match.view(human)["match"]}, human))
    points = deal.settlement.points if deal.settlement else None
    dealer = seat_name(view, view.get("dealer"), human) if view.get("dealer") is not None else None
    words = result_words(match.game.id, deal.state.result(), points, human, dealer)
    console.print(f"[bold]deal over[/bold]: {words}")
