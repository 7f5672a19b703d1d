"""Which dice a command rolls: the bot's own source, or the faces a player typed in ``dado``."""

from __future__ import annotations

from umbral_rules import DiceSource, ForcedDice, UmbralError, physical_dice

MAX_FACES = 2


def parse_dado(text: str) -> list[int]:
    """``"9"`` or ``"9 4"`` (ventaja / desventaja) into faces."""
    parts = text.replace(",", " ").split()
    if not parts or len(parts) > MAX_FACES:
        raise UmbralError("En «dado» escribe la cara del d12 («9») o las dos con ventaja («9 4»).")
    try:
        return [int(p) for p in parts]
    except ValueError:
        raise UmbralError(f"«{text}» no es un dado: escribe números, como «9» o «9 4».") from None


def choose_dice(bot_dice: DiceSource, dado: str | None, physical_allowed: bool) -> DiceSource:
    """The bot's dice, or the player's physical faces when the guild allows them."""
    if dado is None or not dado.strip():
        return bot_dice
    if not physical_allowed:
        raise UmbralError(
            "En este servidor no se usan dados físicos: quien gestione el servidor "
            "puede activarlos con /config dados_fisicos:sí."
        )
    return physical_dice(parse_dado(dado))


def check_all_used(dice: DiceSource) -> None:
    """Physical faces left over mean the player typed more dice than the roll needed."""
    if isinstance(dice, ForcedDice) and dice.physical and dice.remaining:
        raise UmbralError(
            "Sobran dados: esta tirada usa un solo d12 (dos solo con ventaja o desventaja)."
        )
