"""Migration 0018 (issue 43, who spoke first with a picture): the lines 0017 wrote keep every
value and take their character's picture link of the day (NULL: the default picture, or a
character gone); the first speaker with a link is found from them; the downgrade drops the
column, the lines still there."""

from __future__ import annotations

from sqlalchemy import text

from bot.storage import Storage, create_engine, downgrade

from .helpers import GUILD, USER, seed_at
from .test_migration_0015 import ATTRS, ROWS

PICTURE = "https://example.com/kaeda.png"
OTHER = USER + 1
LINE = (
    "INSERT INTO scene_lines (id, guild_id, channel_id, thread_id, message_id, webhook_id,"
    " user_id, character_id, actor, texto, roll_id, created_at) VALUES ({id}, :g, 5, NULL,"
    " {message}, 77, :u, {character}, '{actor}', {texto}, {roll}, '2026-12-03 10:00:00')"
)
SEED = [
    *ROWS,  # Kaeda (7) and Sombra (8), of USER
    "UPDATE characters SET avatar_url = :pic WHERE id = 7",
    LINE.format(id=1, message=88, character=7, actor="Kaeda", texto="'Hola'", roll=1),
    LINE.format(id=2, message=89, character=8, actor="Sombra", texto="NULL", roll=2),
    LINE.format(id=3, message=90, character=99, actor="Ido", texto="'Adiós'", roll=3),
]


async def test_0018_gives_old_lines_their_characters_picture(empty_database_url: str) -> None:
    url = empty_database_url
    await seed_at(
        url, "0017", SEED, {"g": GUILD, "u": USER, "attrs": ATTRS, "secret": "x", "pic": PICTURE}
    )
    storage = Storage.from_url(url)
    try:
        async with storage.guild(GUILD) as uow:
            kaeda, sombra, gone = [await uow.scene.line(m) for m in (88, 89, 90)]
            assert kaeda is not None and sombra is not None and gone is not None
            assert (kaeda.actor, kaeda.texto, kaeda.roll_id, kaeda.avatar_url) == (
                "Kaeda",
                "Hola",
                1,
                PICTURE,
            )
            assert (sombra.texto, sombra.avatar_url) == (None, None)  # deleted, no picture
            assert (gone.character_id, gone.avatar_url) == (99, None)  # its character is gone
            # what the check of /decir reads: Kaeda spoke first, under her name and picture
            assert await uow.scene.first_with_picture(PICTURE, [8, 7]) == 7
            assert await uow.scene.first_under_name("kaeda", [8, 7]) == 7
            assert await uow.scene.first_under_name("sombra", [7]) is None
            rivals = await uow.scene.rivals(OTHER, "nadie", PICTURE)
            assert [r.nombre for r in rivals] == ["Kaeda"]  # another owner's, by its picture
    finally:
        await storage.close()
    await downgrade(url, "0017")
    engine = create_engine(url)
    try:
        async with engine.connect() as conn:
            rows = await conn.execute(text("SELECT actor, texto FROM scene_lines ORDER BY id"))
            lines = rows.all()
    finally:
        await engine.dispose()
    assert [tuple(r) for r in lines] == [("Kaeda", "Hola"), ("Sombra", None), ("Ido", "Adiós")]
