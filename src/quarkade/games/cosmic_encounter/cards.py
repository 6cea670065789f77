"""The challenge from the cards on: Trader's swap, challenge cards (sealed, or the Oracle's
opponent first), resolution, consolation, deals, defensive allies' rewards, and the end of a
challenge (new hands, the win, a second challenge)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from quarkade.core.flow import Sealed
from quarkade.core.log import note
from quarkade.games.cosmic_encounter import flares, placements
from quarkade.games.cosmic_encounter.components import DEAL_LOSS, HAND_SIZE, Kind, attack_value
from quarkade.games.cosmic_encounter.edicts import open_window

if TYPE_CHECKING:
    from quarkade.games.cosmic_encounter.rules import CosmicState

from quarkade.games.cosmic_encounter.rules import Step


# ----------------------------------------------------------------- before the cards
def start_cards(s: CosmicState) -> None:
    s.asking = 0
    ask_trader(s)


def ask_trader(s: CosmicState) -> None:
    while s.asking < 2:
        seat = s.mains[s.asking]
        if s.power_of(seat).may_trade:
            s.step, s.to_act = Step.TRADE, (seat,)
            return
        s.asking += 1
    begin_play(s)


def trade(s: CosmicState, seat: int, swap: bool) -> None:
    if swap:
        other = s.opponent(seat)
        s.hands[seat], s.hands[other] = s.hands[other], s.hands[seat]
    s.log = note(s.log, "trade", -1, seat, swap)
    s.asking += 1
    ask_trader(s)


def begin_play(s: CosmicState) -> None:
    # A main player with no challenge card shows and discards its hand and draws seven (ruling
    # 13), the offence's need met before the defence's; when neither the deck nor the discard
    # pile holds a challenge card, a cosmic quake deals everyone a new hand (ruling 13a). Each
    # redraw or quake ends with a random hand from a deck that holds challenge cards, so the
    # loop ends; the bound only stops a broken deck from hanging a table.
    for _ in range(1000):
        lacking = [seat for seat in s.mains if not s.challenge_cards(seat)]
        if not lacking:
            break
        seat = lacking[0]
        cards = s.cards
        if not any(cards[card].is_challenge for card in s.deck.cards) and \
                not any(cards[card].is_challenge for card in s.deck.discards):
            s.dry_quake("no-challenge-card")
            continue
        shown = tuple(s.hands[seat])
        for card in shown:
            s.discard_card(card)
        s.hands[seat] = []
        s.log = note(s.log, "new-hand", -1, seat, shown)
        s.draw_cards(seat, HAND_SIZE)
    else:
        raise RuntimeError("no challenge card could be dealt to a main player: the deck holds none")
    for seat in s.mains:
        if s.power_of(seat).sees_hand and not s.power_of(s.opponent(seat)).sees_hand:
            other = s.opponent(seat)
            s.seen = (other, tuple(s.hands[other]))
            s.log = note(s.log, "mind", seat, seat, other, s.seen[1])
    s.step, s.sealed = Step.CARDS, Sealed(list(s.mains))
    set_card_turn(s)


def oracle(s: CosmicState) -> int:
    """The main player whose opponent plays first, face up (-1: both play sealed)."""
    oracles = [seat for seat in s.mains if s.power_of(seat).plays_last]
    laser = flares.last_player(s) if s.flares else -1  # (no Laser flare is played without flares)
    if laser >= 0:
        # Laser's Super: its opponent's random card is played face up first (against an
        # Oracle the two orders cancel, as two Oracles do).
        oracles = [seat for seat in oracles if seat != laser]
        return -1 if oracles else laser
    return oracles[0] if len(oracles) == 1 else -1


def set_card_turn(s: CosmicState) -> None:
    last = oracle(s)
    played = s.played  # (a new dict at each read: read once)
    if last >= 0 and s.opponent(last) not in played:
        s.to_act = (s.opponent(last),)
    else:
        s.to_act = tuple(seat for seat in s.mains if seat not in played)


def must_play_random(s: CosmicState, seat: int) -> bool:
    return s.power_of(s.opponent(seat)).opponent_random


def play(s: CosmicState, seat: int, face: str) -> None:
    hand = s.hands[seat]
    if face == "random":
        choices = s.challenge_cards(seat)
        card = choices[s.chance.below(len(choices))]
    else:
        card = next(c for c in hand if s.cards[c].face == face)
    hand.remove(card)
    s.sealed.add(seat, card)
    s.sealed.declare_ready(seat)
    last = oracle(s)
    if last >= 0 and seat != last:
        s.revealed = True  # the Oracle's opponent plays face up
        s.log = note(s.log, "face-up", -1, seat, card)
    else:
        s.log = note(s.log, "played", -1, seat)
    if s.sealed.complete:
        reveal(s)
    else:
        set_card_turn(s)


# ----------------------------------------------------------------- resolution
def side_total(s: CosmicState, side: int, printed: bool = False) -> int:
    """A side's total; ``printed`` counts a Quark at its printed number (for the figures only)."""
    main = s.mains[side]
    card = s.cards[s.played[main]]
    power = s.power_of(main)
    own = (s.cone if side == 0 else s.tokens[s.target][main]) * power.token_value
    value = card.value if printed else attack_value(card, s.square)
    allies = sum(s.ally_tokens[ally] * s.power_of(ally).token_value
                 for ally in range(s.players) if s.ally_side[ally] == side)
    flared = flares.side_adjustment(s, side, value, own, allies)
    return power.main_total(value, own) + allies if flared is None else flared


def reveal(s: CosmicState) -> None:
    """Both cards face up; the reveal window opens before the outcome (edicts.py)."""
    offence, defence = s.mains
    revealed = s.sealed.reveal()
    s.revealed, s.seen = True, None
    s.log = note(s.log, "reveal", -1, revealed[offence][0], revealed[defence][0], s.square)
    s.result = (revealed[offence][0], revealed[defence][0], None, "")
    s.figures["challenges"] += 1
    open_window(s, flares.REVEAL)


def resolve(s: CosmicState) -> None:
    """The outcome of the revealed cards."""
    offence, defence = s.mains
    assert s.result is not None
    off_card, def_card = s.cards[s.result[0]], s.cards[s.result[1]]
    off_compromise = off_card.kind is Kind.COMPROMISE
    def_compromise = def_card.kind is Kind.COMPROMISE
    if off_compromise and def_compromise:
        pacifist = next((seat for seat in s.mains if flares.super_(s, seat, "pacifist")), -1)
        if pacifist >= 0:
            outcome(s, pacifist == offence, -1)  # Pacifist's Super: no deal is made
            return
        s.step, s.to_act, s.offers, s.offers_made = Step.DEAL, (offence, defence), [None, None], (0, 0)
        return
    if off_compromise or def_compromise:
        count_quarks(s, off_card.kind is Kind.QUARK or def_card.kind is Kind.QUARK, False, False, False)
        compromiser = offence if off_compromise else defence
        if s.power_of(compromiser).compromise_wins:
            outcome(s, compromiser == offence, -1)
        else:
            outcome(s, compromiser == defence, compromiser)
        return
    totals = side_total(s, 0), side_total(s, 1)
    lower = any(s.power_of(seat).lower_wins for seat in s.mains)
    offence_wins = totals[0] < totals[1] if lower else totals[0] > totals[1]
    count_quarks(s, off_card.kind is Kind.QUARK or def_card.kind is Kind.QUARK, offence_wins, lower)
    s.log = note(s.log, "totals", -1, totals[0], totals[1], lower)
    assert s.result is not None
    s.result = (*s.result[:2], totals, "")
    outcome(s, offence_wins, -1)


def count_quarks(s: CosmicState, played: bool, offence_wins: bool, lower: bool, valued: bool = True) -> None:
    """The statistics' Quark figures: challenges where a Quark was played, and those it
    decided (the result would differ were each Quark worth its printed number)."""
    if not played:
        return
    s.figures["quark_played"] += 1
    if valued:
        printed = side_total(s, 0, True), side_total(s, 1, True)
        if (printed[0] < printed[1] if lower else printed[0] > printed[1]) != offence_wins:
            s.figures["quark_decided"] += 1


def outcome(s: CosmicState, offence_wins: bool, consoled: int) -> None:
    """The winners land or keep the planet, the losers go to the warp; a losing compromiser
    takes one card from the winner's hand for each of its tokens lost."""
    offence, defence = s.mains
    winner = offence if offence_wins else defence
    side = 0 if offence_wins else 1
    set_result(s, "offence" if offence_wins else "defence")
    # What moved, for the log: (seat, tokens, where they went) — the board is public.
    # (No nested functions: a compiled one and its enclosing scope would hold each other.)
    moved: list[tuple[int, int, str]] = []
    lost = 0
    if offence_wins:
        lost = s.tokens[s.target][defence]
        s.tokens[s.target][defence] = 0
        _lose(s, winner, side, defence, lost, moved)
        _land(s, offence, s.cone, moved)
        for ally in range(s.players):
            if s.ally_side[ally] == 1:
                _lose(s, winner, side, ally, s.ally_tokens[ally], moved)
            elif s.ally_side[ally] == 0:
                _land(s, ally, s.ally_tokens[ally], moved)
        s.success = True
    else:
        lost = s.cone
        _lose(s, winner, side, offence, s.cone, moved)
        for ally in range(s.players):
            if s.ally_side[ally] == 0:
                _lose(s, winner, side, ally, s.ally_tokens[ally], moved)
            elif s.ally_side[ally] == 1 and s.ally_tokens[ally]:
                moved.append((ally, s.ally_tokens[ally], "home"))
                s.return_tokens(ally, s.ally_tokens[ally])
        s.rewards = tuple(ally for ally in s.ally_order if s.ally_side[ally] == 1)
    s.log = note(s.log, "outcome", -1, offence_wins, s.target, tuple(moved))
    s.cone = 0
    if consoled >= 0 and lost:
        take_cards(s, winner, consoled, lost, "consolation")
    discard_played(s)
    # Returning tokens (defensive allies, a Zombie's) are placed before the rewards.
    placements.start(s, placements.REWARDS)


def _lose(s: CosmicState, winner: int, side: int, seat: int, count: int, moved: list[tuple[int, int, str]]) -> None:
    """A losing seat's tokens leave the encounter, as the winner's power or the winning side's
    flare sends them (noted in ``moved`` for the log)."""
    if count > 0:
        removed = s.power_of(winner).removes_losers or flares.removed_on_loss(s, side, seat)
        # (read once for the log and the move: nothing changes between)
        moved.append((seat, count, lost_to(s, seat, removed)))
        s.lose_tokens(seat, count, removed)


def _land(s: CosmicState, seat: int, count: int, moved: list[tuple[int, int, str]]) -> None:
    if count > 0:
        moved.append((seat, count, "lands"))
        s.tokens[s.target][seat] += count


def lost_to(s: CosmicState, seat: int, removed: bool) -> str:
    """Where a seat's lost tokens go, as ``lose_tokens`` sends them: home (Zombie), out of
    the game (Void) or the warp."""
    if s.power_of(seat).tokens_return or flares.tokens_return(s, seat):
        return "home"
    return "removed" if removed else "warp"


def next_reward(s: CosmicState) -> None:
    """The next defensive ally takes its reward, or the challenge ends."""
    if s.rewards:
        s.step, s.to_act = Step.REWARDS, (s.rewards[0],)
    else:
        finish_challenge(s)


def set_result(s: CosmicState, word: str) -> None:
    assert s.result is not None
    s.result = (*s.result[:3], word)


def take_cards(s: CosmicState, giver: int, taker: int, count: int, why: str) -> None:
    """``count`` cards taken at random from the giver's hand (the taker sees which)."""
    taken = []
    for _ in range(min(count, len(s.hands[giver]))):
        card = s.hands[giver].pop(s.chance.below(len(s.hands[giver])))
        taken.append(card)
    s.hands[taker].extend(taken)
    s.log = note(s.log, why, taker, giver, taker, tuple(taken))


def discard_played(s: CosmicState) -> None:
    played = s.played
    # Clone's Super: the opponent's card goes to the Clone's hand too.
    taker = {s.opponent(seat): seat for seat in played if flares.super_(s, seat, "clone")}
    for seat, card in played.items():
        if s.power_of(seat).keeps_card or flares.wild(s, seat, "clone"):
            s.hands[seat].append(card)
        elif seat in taker:
            s.hands[taker[seat]].append(card)
        else:
            s.discard_card(card)
    # The cards have left play (the log keeps what they were).
    s.sealed, s.revealed = Sealed(), False


# ----------------------------------------------------------------- deals
def offer(s: CosmicState, seat: int, give: tuple[str, ...], get: int, bases: int) -> None:
    """A standing offer: the faces the proposer gives, the number of cards it asks for, the
    bases. Its faces are told to the two main players only (views.py). The other side, which
    has an offer to answer, is now asked first (RULINGS.md 15)."""
    index = s.mains.index(seat)
    before = s.offers[index]
    # Other seats see how many cards are offered: an offer that changes only the faces is no
    # news to them (views.py tells it to the two main players only), nor is the order of
    # ``to_act`` changed by it.
    faces_only = before is not None and (len(before[0]), before[1], before[2]) == (len(give), get, bases)
    s.offers[index] = (give, get, bases)
    made = list(s.offers_made)
    made[index] += 1
    s.offers_made = (made[0], made[1])
    if not faces_only:
        s.to_act = (s.opponent(seat), seat)
    s.log = note(s.log, "offer", -1, seat, s.opponent(seat), give, get, bases, faces_only)


def cards_by_face(s: CosmicState, seat: int, faces: tuple[str, ...]) -> list[int] | None:
    """Cards of the seat's hand with these faces (one a face named), or None if it lacks one."""
    left = list(s.hands[seat])
    found = []
    for face in faces:
        card = next((c for c in left if s.cards[c].face == face), -1)
        if card < 0:
            return None
        left.remove(card)
        found.append(card)
    return found


def accept(s: CosmicState, seat: int, give: tuple[str, ...]) -> None:
    """The other side's standing offer is accepted: the named cards change hands, then the
    bases are placed and the tokens still out go home (placements.py)."""
    proposer = s.opponent(seat)
    terms = s.offers[s.mains.index(proposer)]
    assert terms is not None
    offered, _, bases = terms
    s.log = note(s.log, "deal", -1, proposer, len(offered), len(give), bases)
    set_result(s, "deal")
    hand_over(s, proposer, seat, offered)
    hand_over(s, seat, proposer, give)
    gets_base = {proposer: bases in (1, 3), seat: bases in (2, 3)}
    offence, defence = s.mains
    if gets_base[offence]:
        if s.cone:
            s.tokens[s.target][offence] += s.cone
            s.cone = 0
        else:
            placements.add(s, offence, placements.BASE, 1)
        s.success = True
    if gets_base[defence]:
        placements.add(s, defence, placements.BASE, 1)
    end_deal(s)


def hand_over(s: CosmicState, giver: int, taker: int, faces: tuple[str, ...]) -> None:
    """Cards named by face pass from the giver's hand to the taker's (the two see which)."""
    given = cards_by_face(s, giver, faces)
    assert given is not None  # checked by the legal actions
    for card in given:
        s.hands[giver].remove(card)
    s.hands[taker].extend(given)
    s.log = note(s.log, "deal-cards", taker, giver, taker, tuple(given))


def timeout(s: CosmicState) -> None:
    """No deal in time: the cone goes home, then each main player loses three tokens."""
    s.log = note(s.log, "no-deal", -1)
    set_result(s, "no deal")
    s.return_tokens(s.offence, s.cone)
    s.cone = 0
    for seat in s.mains:
        s.take_tokens(seat, DEAL_LOSS)
    end_deal(s)


def end_deal(s: CosmicState) -> None:
    """The cone (if it did not land) and every ally's tokens go home, where their owners
    choose; then the challenge ends."""
    s.return_tokens(s.offence, s.cone)
    s.cone = 0
    for ally in range(s.players):
        if s.ally_side[ally] >= 0:
            s.return_tokens(ally, s.ally_tokens[ally])
    discard_played(s)
    placements.start(s, placements.FINISH)


# ----------------------------------------------------------------- after the challenge
def reward(s: CosmicState, seat: int, cards: int) -> None:
    """A defensive ally's reward: a card or a token from the warp for each token it committed."""
    s.draw_cards(seat, cards)
    tokens = min(s.ally_tokens[seat] - cards, s.warp[seat])
    s.warp[seat] -= tokens
    s.return_tokens(seat, tokens)
    s.log = note(s.log, "reward", -1, seat, cards, tokens)
    s.rewards = s.rewards[1:]
    placements.start(s, placements.REWARDS)


def finish_challenge(s: CosmicState) -> None:
    from quarkade.games.cosmic_encounter.setup_phases import start_turn

    for seat in range(s.players):
        if not s.hands[seat]:
            s.log = note(s.log, "new-hand", -1, seat, ())
            s.draw_cards(seat, HAND_SIZE)
    if s.check_win():
        return
    if s.success and s.challenge == 1:
        s.step, s.to_act = Step.AGAIN, (s.offence,)
    else:
        start_turn(s)


def again(s: CosmicState, second: bool) -> None:
    from quarkade.games.cosmic_encounter.setup_phases import start_challenge, start_turn

    s.log = note(s.log, "again", -1, s.offence, second)
    if second:
        s.challenge = 2
        start_challenge(s)
    else:
        start_turn(s)
