"""Issue 30, item 1: the escaping module, function by function (bot/render/safe.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.render.safe import BACKTICK_STANDIN, choice, in_backticks, label, plain, shown
from tests.bot.live_markdown import INERT, live, shadow
from tests.bot.test_escaping_property import ATTACKS

#: Typed text: the attacks, markdown characters and plain words, in any order.
TYPED = st.lists(
    st.sampled_from([*ATTACKS, "\n", "*", "**", "_", "a", "b c", "https://x.example/a_b"]),
    max_size=12,
).map("".join)


@settings(max_examples=300)
@given(text=TYPED, multiline=st.booleans())
def test_shown_text_never_comes_alive(text: str, multiline: bool) -> None:
    assert live(shown(text, multiline=multiline)) == []
    assert live(shown(text, roleplay=True)) == []


@settings(max_examples=300)
@given(text=TYPED)
def test_a_backtick_quote_cannot_be_broken_out_of(text: str) -> None:
    quoted = in_backticks(text)
    inner = quoted[1:-1]
    assert quoted[0] == quoted[-1] == "`" and "`" not in inner and "\n" not in inner
    seen, _ = shadow(f"antes {quoted} después")
    assert seen == "antes " + INERT * len(quoted) + " después"  # one code span, all text


#: Names and the bot's own sentences: words, numbers and punctuation that is markdown nowhere.
PLAIN_PIECES = [" ", "del puerto", "acción", "Guardia 1", "2", "12", ".", ",", ":", ";", "(", ")"]
PLAIN_PIECES += ["?", "!", "'", '"', "%", "=", "·", "—", "−", "→"]
PLAIN = st.tuples(
    st.sampled_from(["Kaeda", "Ñu", "Aviso", "¿Quién", "«Lobo»"]),
    st.lists(st.sampled_from(PLAIN_PIECES), max_size=12).map("".join),
).map("".join)


@settings(max_examples=300)
@given(text=PLAIN, multiline=st.booleans(), roleplay=st.booleans())
def test_text_with_nothing_to_escape_comes_back_as_it_is(
    text: str, multiline: bool, roleplay: bool
) -> None:
    assert shown(text, multiline=multiline, roleplay=roleplay) == text


def test_a_number_that_starts_a_list_is_escaped_all_the_same() -> None:
    assert shown("1. Kaeda") == "1\\. Kaeda"
    assert shown(" 12) Guardia") == " 12\\) Guardia"
    assert shown("Guardia 1. Kaeda 2)") == "Guardia 1. Kaeda 2)"


def test_examples() -> None:
    assert shown("[Kaeda](https://evil.example)") == "\\[Kaeda\\](<https://evil.example>)"
    assert shown("# Título\n> cita", multiline=True) == "\\# Título\n\\> cita"
    assert shown("||x|| @everyone <@123>") == "\\|\\|x\\|\\| @\u200beveryone \\<@123>"
    assert shown("bono_ataque _x_") == "bono_ataque \\_x\\_"
    assert in_backticks("1d12`+3") == f"`1d12{BACKTICK_STANDIN}+3`"


def test_roleplay_keeps_cursiva_and_negrita_only() -> None:
    said = shown("*susurra* **¡Alto!** _mira_ [x](https://e.x) ||no|| # no", roleplay=True)
    assert said.startswith("*susurra* **¡Alto!** _mira_ \\[x\\](<https://e.x>)")
    assert "\\|\\|no\\|\\|" in said and said.endswith(" # no")
    assert shown("**a *b* c**", roleplay=True) == "**a *b* c**"
    assert shown("*sin cerrar", roleplay=True) == "\\*sin cerrar"
    assert live(said) == []


def test_places_that_render_no_markdown() -> None:
    assert plain("a\nb *c*") == "a b *c*"  # as typed: a backslash would show
    assert plain("x" * 300, 256) == "x" * 255 + "…"
    assert len(label("y" * 200)) == 80 and len(choice("z" * 200)) == 100
