"""``uow.bestiary.add_many``: batched executemany, scoped by guild, refused whole on a taken
name."""

from __future__ import annotations

import pytest

from bot.storage import Storage
from umbral_rules import UmbralError

from .helpers import GUILD, OTHER_GUILD


def _entry(nombre: str, **extra: object) -> dict[str, object]:
    return {"nombre": nombre, "ataque": 12, "defensa": 12, "aguante": 14, "potencia": 4, **extra}


async def test_add_many_in_one_guild(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        added = await uow.bestiary.add_many(
            [_entry("Guardia"), _entry("Ogro", acciones_extra=1, estados=["aturdido"])]
        )
        assert added == 2
    async with storage.guild(GUILD) as uow:
        ogro = await uow.bestiary.get("ogro")
        assert ogro is not None
        assert (ogro.acciones_extra, ogro.respuestas_extra, ogro.estados) == (1, 0, ["aturdido"])
        assert ogro.cualidades == []
    async with storage.guild(OTHER_GUILD) as uow:
        assert await uow.bestiary.list_all() == []
        await uow.bestiary.add_many([_entry("Guardia")])  # the same name in another guild


@pytest.mark.parametrize("names", [["guardia"], ["Nuevo", "nuevo"]])
async def test_add_many_refuses_a_taken_or_repeated_name(
    storage: Storage, names: list[str]
) -> None:
    async with storage.guild(GUILD) as uow:
        await uow.bestiary.add("Guardia", ataque=12, defensa=12, aguante=14, potencia=4)
    with pytest.raises(UmbralError, match="Ya hay un enemigo llamado"):
        async with storage.guild(GUILD) as uow:
            await uow.bestiary.add_many([_entry("Otro"), *(_entry(n) for n in names)])
    async with storage.guild(GUILD) as uow:
        assert [r.nombre for r in await uow.bestiary.list_all()] == ["Guardia"]


async def test_add_many_in_several_batches(storage: Storage) -> None:
    from bot.storage.repositories import INSERT_BATCH

    count = 2 * INSERT_BATCH + 3
    async with storage.guild(GUILD) as uow:
        assert await uow.bestiary.add_many([_entry(f"Guardia {i}") for i in range(count)]) == count
    async with storage.guild(GUILD) as uow:
        rows = await uow.bestiary.list_all()
    assert len(rows) == count
    assert {(r.arma, r.tamano, r.notas, r.bono_ataque) for r in rows} == {
        ("arma", "normal", "", None)
    }
