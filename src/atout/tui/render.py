"""Rich renderings of views and replays for the terminal. Reads views only, never a State."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from atout.cards import card_symbol, parse_card
from atout.tui.words import result_words, score_words, side_name, sides_text

__all__ = [
    "card_word",
    "legal_forms",
    "playing_for",
    "print_replay",
    "render_view",
    "said_with_cards",
    "seat_name",
    "sorted_hand",
]

_RED = {"H", "D"}


def seat_name(view: Mapping[str, Any], seat: int | None, me: int | None = None) -> str:
    """How to call a seat: N/E/S/W in bridge, "you"/"partner" for the player."""
    if seat is None:
        return "-"
    name = "NESW"[seat] if view.get("game") == "bridge" else f"seat {seat}"
    if me is not None and seat == me:
        return f"{name} (you)"
    if me is not None and view.get("game") != "court-circular" and (seat - me) % 4 == 2:
        return f"{name} (partner)"
    return name


def card_word(name: str) -> str:
    """A card as players read it: ``10♠`` (not the notation's ``TS``), ``Q♥``, ``Joker``.

    The notation (``TS``, ``JK``) stays in records and the CLI's JSON; this is for people.
    """
    return "Joker" if name == "JK" else card_symbol(parse_card(name))


def sorted_hand(names: Sequence[str]) -> list[str]:
    """Cards in the order the hand is shown once dealt: by suit (♠ ♥ ♦ ♣), low to high,
    the Joker last. Court Piece's first five cards come in the order dealt."""
    return sorted(names, key=parse_card)


def action_word(action: str, phase: object = None) -> str:
    """A legal action as a person reads it: each card in it as :func:`card_word` says it
    (``10♠``, ``discard 10♠ 9♥ 4♣``, ``Joker ♥`` for the Joker led naming hearts), all
    typed back as shown or as ``10s``. Bids stay as written: in an auction ``6S`` is a
    bid of Five Hundred, not the six of spades."""
    if phase == "auction":
        return action
    words = action.split()
    if len(words) == 2 and words[0] == "JK":
        return f"Joker {_suit_symbol(words[1])}"
    out = []
    for word in words:
        try:
            out.append(card_word(word))
        except ValueError:
            out.append(word)
    return " ".join(out)


_CARD_WORD = re.compile(r"\b(?:[2-9TJQKA][SHDC]|JK)\b")


def said_with_cards(text: str, phase: object = None) -> str:
    """A sentence (an engine's refusal, say) with its cards as people read them:
    ``you do not hold TH`` says ``you do not hold 10♥``. Not in an auction, where
    ``6S`` is a bid."""
    if phase == "auction":
        return text
    return _CARD_WORD.sub(lambda m: card_word(m.group(0)), text)


def card_text(name: str, *, legal: bool = True) -> Text:
    """A card in colour: red suits red; cards that may not be played dimmed."""
    if name == "JK":
        return Text(card_word(name), style="bold magenta" if legal else "dim")
    style = ("bold red" if name[-1] in _RED else "bold") if legal else "dim"
    return Text(card_word(name), style=style)


def cards_text(names: Sequence[str], legal: Sequence[str] = ()) -> Text:
    """Several cards separated by spaces; if ``legal`` is given, the others are dimmed."""
    out = Text()
    for i, name in enumerate(names):
        if i:
            out.append(" ")
        out.append(card_text(name, legal=not legal or name in legal))
    return out


def render_view(view: Mapping[str, Any], me: int | None) -> Group:
    """The table as ``me`` sees it: score, contract or trump, auction, trick, hands, actions."""
    header = Table.grid(padding=(0, 2))
    header.add_row(
        Text(f"{view.get('game', '')} {view.get('variant', '')}".strip(), style="bold cyan"),
        Text(score_words(str(view.get("game", "")), view.get("match", {}), me)),
    )
    status = [f"phase: {view.get('phase')}", f"turn: {seat_name(view, view.get('turn'), me)}"]
    if view.get("dealer") is not None:
        status.append(f"dealer: {seat_name(view, view['dealer'], me)}")
    if view.get("trump"):
        status.append(f"trump: {_suit_symbol(view['trump'])}")
    if "tricks_won" in view:
        status.append(f"tricks: {view['tricks_won'][0]}-{view['tricks_won'][1]}")
    parts: list[Any] = [header, Text("  ".join(status))]
    parts += _game_facts(view, me)
    parts.append(_trick_line(view, me))
    legal = [a for a in view.get("legal", []) if len(a) <= 2]
    hand = sorted_hand(view.get("hand", []))
    parts.append(Text("your hand: ").append(cards_text(hand, legal)))
    parts += _partners_contract(view, me, legal)
    tricks = view.get("tricks") or []
    if tricks:
        last = tricks[-1]
        parts.append(
            Text("last trick: ")
            .append(cards_text(last["cards"]))
            .append(f"  won by {seat_name(view, last['winner'], me)}")
        )
    forms = legal_forms(view)
    if forms:
        parts.append(Text("legal: " + " ".join(forms[:40]), style="green"))
        if len(forms) > 40:
            more = len(forms) - 40
            parts.append(Text(f"... and {more} more (? lists all)", style="green"))
    return Group(Panel(Group(*parts), expand=False))


_SEAT_WORDS = ("North", "East", "South", "West")


def playing_for(view: Mapping[str, Any], me: int | None) -> str | None:
    """Whose cards the person plays now when they play their bot partner's contract:
    ``You play North's cards (declarer)``, or their own as dummy; else ``None``."""
    declarer = (view.get("plays_for") or {}).get("seat")
    if not isinstance(declarer, int):
        return None
    if view.get("turn") == me:
        return f"You play your own cards (dummy) for {_SEAT_WORDS[declarer]}"
    return f"You play {_SEAT_WORDS[declarer]}'s cards (declarer)"


def _partners_contract(view: Mapping[str, Any], me: int | None, legal: Sequence[str]) -> list[Text]:
    """Declarer's hand and whose cards are played, for a person playing a bot's contract."""
    playing = view.get("plays_for")
    if not isinstance(playing, Mapping):
        return []
    name = _SEAT_WORDS[playing["seat"]]
    hand = sorted_hand(playing.get("hand") or [])
    return [
        Text(f"{name}'s hand (declarer): ").append(cards_text(hand, legal)),
        Text(playing_for(view, me) or "", style="bold yellow"),
    ]


def legal_forms(view: Mapping[str, Any]) -> list[str]:
    """The legal actions as a person reads them (cards as ``10♠``), plus the forms that
    take a number and so are not listed one by one: a bridge declarer's ``claim N``."""
    forms = [action_word(a, view.get("phase")) for a in view.get("legal") or []]
    if view.get("can_claim"):
        remaining = 13 - sum(view.get("tricks_won") or [0, 0])
        forms.append(f"claim N (N from 0 to {remaining}: the further tricks you take)")
    return forms


def vulnerability(vulnerable: Sequence[bool]) -> str:
    """Bridge's vulnerability in its usual words: none, NS, EW or both."""
    ns, ew = bool(vulnerable[0]), bool(vulnerable[1])
    return "both" if ns and ew else "NS" if ns else "EW" if ew else "none"


def _suit_symbol(letter: str) -> str:
    return {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.get(letter, letter)


def _trick_line(view: Mapping[str, Any], me: int | None) -> Text:
    trick = view.get("trick") or {}
    line = Text("trick: ")
    leader = trick.get("leader")
    players = 2 if view.get("game") == "court-circular" else 4
    for i, name in enumerate(trick.get("cards", [])):
        seat = (leader + i) % players if leader is not None else None
        if view.get("game") == "court-circular":
            seat = leader if i % 2 == 0 else (None if leader is None else 1 - leader)
        line.append(f"{seat_name(view, seat, me)} ").append(card_text(name)).append("   ")
    if trick.get("named_suit"):
        line.append(f"(joker names {_suit_symbol(trick['named_suit'])})")
    return line


def _game_facts(view: Mapping[str, Any], me: int | None) -> list[Text]:
    """The lines each game adds: auction, contract, dummy, kitty, the Lead and lines."""
    facts: list[Text] = []
    if view.get("auction"):
        calls = "  ".join(f"{seat_name(view, s)}: {c}" for s, c in view["auction"])
        facts.append(Text(f"auction: {calls}"))
    contract = view.get("contract")
    if isinstance(contract, Mapping):
        who = seat_name(view, contract.get("contractor"), me)
        facts.append(Text(f"contract: {contract.get('bid')} by {who} ({contract.get('value')})"))
    elif contract:
        facts.append(Text(f"contract: {contract} by {seat_name(view, view.get('declarer'), me)}"))
    if view.get("vulnerable") is not None:
        facts.append(Text(f"vulnerable: {vulnerability(view['vulnerable'])}"))
    if view.get("dummy"):
        who = seat_name(view, view.get("dummy_seat"), me)
        facts.append(Text(f"dummy ({who}): ").append(cards_text(view["dummy"])))
    for key in ("kitty", "discards", "exposed"):
        value = view.get(key)
        if isinstance(value, list) and value and isinstance(value[0], str):
            facts.append(Text(f"{key}: ").append(cards_text(value)))
    if view.get("lead"):
        facts.append(Text("the Lead: ").append(card_text(view["lead"])))
    if view.get("game") == "court-circular":
        for seat, cards in enumerate(view.get("table") or []):
            line = (view.get("lines") or [None, None])[seat]
            label = f"  {line['label']}" if line else ""
            facts.append(
                Text(f"{seat_name(view, seat, me)} on the table: ")
                .append(cards_text(cards))
                .append(label, style="yellow")
            )
        if "stock_size" in view:
            facts.append(Text(f"stock: {view['stock_size']} cards", style="dim"))
    claim = view.get("claim")
    if claim:
        agreed = " (agreed)" if view.get("phase") == "over" else ""
        who = seat_name(view, claim["by"], me)
        facts.append(Text(f"claim: {who}, {claim['tricks']} more tricks{agreed}", style="yellow"))
    return facts


def print_replay(summary: Mapping[str, Any], console: Console | None = None) -> None:
    """A replay for people: each deal's tricks and points, then the totals."""
    console = console or Console()
    game = summary["game"]
    console.print(f"[bold]{game}[/bold]")
    for number, deal in enumerate(summary["deals"]):
        table = Table(title=f"deal {number}", show_lines=False)
        table.add_column("#", justify="right")
        table.add_column("leader")
        table.add_column("cards")
        table.add_column("winner")
        for i, trick in enumerate(deal["tricks"], 1):
            table.add_row(
                str(i), str(trick["leader"]), cards_text(trick["cards"]), str(trick["winner"])
            )
        console.print(table)
        console.print("result: " + result_words(game, deal["result"], deal["points"]))
    state = "complete" if summary["complete"] else "in progress"
    totals = sides_text(game, summary["totals"])
    winner = summary["winner"]
    won = "no winner" if winner is None else f"{side_name(game, winner)} wins"
    console.print(f"totals: {totals}; {won} ({state})")


def print_sim(summary: Mapping[str, Any], console: Console | None = None) -> None:
    """A simulation summary for people."""
    console = console or Console()
    players = summary["players"]
    table = Table(title=f"{summary['game']}: {summary['games']} games")
    for column in ("side", "players", "wins", "win rate", "95% interval", "points"):
        table.add_column(column)
    for side in range(len(summary["wins"])):
        seats = players[side::2] if len(players) == 4 else [players[side]]
        lo, hi = summary["ci95"][side]
        table.add_row(
            str(side),
            ", ".join(seats),
            str(summary["wins"][side]),
            f"{summary['win_rate'][side]:.1%}",
            f"{lo:.1%} - {hi:.1%}",
            str(summary["points"][side]),
        )
    console.print(table)
    events = ", ".join(f"{k}: {v}" for k, v in summary.get("events", {}).items())
    console.print(
        f"draws: {summary['draws']}  deals: {summary['deals']}  {events}  "
        f"({summary['seconds']:.1f} s)"
    )
