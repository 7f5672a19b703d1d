"""Every model through the repository and back, on every backend of ``database_url``."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.records.rolls import result_from_json
from bot.storage import Storage, character_sheet, character_weapons, enemy_sheet
from umbral_rules import CharacterSheet, EnemySheet, UmbralError, Weapon
from umbral_rules.encounter import Encounter

from .helpers import ATRIBUTOS, CHANNEL, GUILD, USER, combatant, make_character, sample_state


async def test_guild_settings_round_trip(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        defaults = await uow.guild.get()
        assert defaults.gm_role_id is None and defaults.physical_dice_allowed is False
        assert (defaults.secuelas, defaults.extra_estados) == ({}, [])
        await uow.guild.update(
            gm_role_id=USER,
            physical_dice_allowed=True,
            gm_channel_id=USER + 1,
            default_mode="narrativo",
            defense_mode="inmediata",
            secuelas={"2": "Cicatriz", "12": "Muerte"},
            extra_estados=["Marcado", "Envenenado"],
        )
    async with storage.guild(GUILD) as uow:
        row = await uow.guild.get()
        assert (row.gm_role_id, row.physical_dice_allowed) == (USER, True)
        assert row.gm_channel_id == USER + 1
        assert (row.default_mode, row.defense_mode) == ("narrativo", "inmediata")
        assert row.secuelas == {"2": "Cicatriz", "12": "Muerte"}
        row.secuelas["3"] = "Cojera"  # in-place change of a JSON dict is tracked
        row.extra_estados.append("Sangrando")  # in-place change of a JSON list is tracked
    async with storage.guild(GUILD) as uow:
        row = await uow.guild.get()
        assert row.extra_estados == ["Marcado", "Envenenado", "Sangrando"]
        assert row.secuelas == {"2": "Cicatriz", "12": "Muerte", "3": "Cojera"}
        with pytest.raises(TypeError):
            await uow.guild.update(nope=1)


async def test_character_round_trip(storage: Storage) -> None:
    espada = Weapon.make("Espada", "mano").to_dict()
    async with storage.guild(GUILD) as uow:
        ch = await make_character(
            uow,
            oficios={"Esgrima": 2},
            proteccion=2,
            weapons=[espada],
            esencia_max=3,
            aliento_max=2,
            estados=["Aturdido"],
        )
        cid = ch.id
    async with storage.guild(GUILD) as uow:
        got = await uow.characters.get(cid)
        assert got is not None
        ch = got
        assert (ch.nombre, ch.owner_id, ch.guild_id) == ("Ayla", USER, GUILD)
        assert ch.atributos == ATRIBUTOS and ch.oficios == {"Esgrima": 2}
        assert (ch.aguante, ch.aguante_max, ch.esencia, ch.aliento) == (16, 16, 3, 2)
        assert ch.estados == ["Aturdido"] and ch.is_active
        sheet = character_sheet(ch)
        assert sheet.defensa == 9 + 3 + 2
        assert character_weapons(ch) == [Weapon.make("Espada", "mano")]
        ch.aguante = 9
        ch.estados.append("Derribado")
    async with storage.guild(GUILD) as uow:
        got = await uow.characters.get(cid)
        assert got is not None and got.aguante == 9
        assert got.estados == ["Aturdido", "Derribado"]


async def test_several_characters_one_active(storage: Storage) -> None:
    async with storage.guild(GUILD) as uow:
        a = await make_character(uow, nombre="Ayla")
        b = await make_character(uow, nombre="Brann")  # the new one becomes the active one
        c = await make_character(uow, nombre="Cira", active=False)
        ids = (a.id, b.id, c.id)
        with pytest.raises(UmbralError, match="Ya tienes un personaje llamado"):
            await make_character(uow, nombre="ayla")
    async with storage.guild(GUILD) as uow:
        active = await uow.characters.active(USER)
        assert active is not None and active.id == ids[1]
        await uow.characters.set_active(USER, ids[2])
    async with storage.guild(GUILD) as uow:
        mine = await uow.characters.list_for_owner(USER)
        assert [(x.nombre, x.is_active) for x in mine] == [
            ("Ayla", False),
            ("Brann", False),
            ("Cira", True),
        ]
        assert (await uow.characters.by_name(USER, " cira ")).id == ids[2]  # type: ignore[union-attr]
        with pytest.raises(UmbralError):
            await uow.characters.set_active(USER + 1, ids[0])
        assert await uow.characters.delete(ids[0]) is True
        assert await uow.characters.delete(ids[0]) is False
        assert [x.id for x in await uow.characters.list_all()] == list(ids[1:])


async def test_bestiary_round_trip(storage: Storage) -> None:
    orco = EnemySheet(
        "Orco",
        ataque=14,
        defensa=12,
        aguante=11,
        potencia=4,
        arma="hacha",
        tamano="grande",
        proteccion=1,
        bono_ataque=3,
        cualidades=frozenset({"perforante"}),
    )
    async with storage.guild(GUILD) as uow:
        await uow.bestiary.add_sheet(orco, notas="Huele mal.")
        await uow.bestiary.add("Lobo", ataque=12, defensa=11, aguante=8, potencia=2)
        with pytest.raises(UmbralError, match="Ya hay un enemigo llamado"):
            await uow.bestiary.add("orco", ataque=1, defensa=1, aguante=1, potencia=1)
    async with storage.guild(GUILD) as uow:
        row = await uow.bestiary.get("ORCO")
        assert row is not None and row.notas == "Huele mal." and row.bono_defensa is None
        assert enemy_sheet(row) == orco
        assert (await uow.bestiary.get_by_id(row.id)) is row
        assert [e.nombre for e in await uow.bestiary.list_all()] == ["Lobo", "Orco"]
        row.aguante = 13
    async with storage.guild(GUILD) as uow:
        assert (await uow.bestiary.get("orco")).aguante == 13  # type: ignore[union-attr]
        assert await uow.bestiary.delete("lobo") is True
        assert await uow.bestiary.delete("lobo") is False
        assert await uow.bestiary.get("Lobo") is None


async def test_roll_log_round_trip(storage: Storage) -> None:
    before = datetime.now(UTC) - timedelta(seconds=5)
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.rolls.append(
            user_id=USER,
            command="atacar",
            dice=[{"sides": 12, "face": 7}, {"sides": 12, "face": 11, "kept": True}],
            modifiers=[{"name": "Vigor", "value": 2}],
            result=result_from_json({"grade": "pleno", "damage": 7}),
        )
        await uow.rolls.append(
            user_id=USER + 1, command="tirar", dice=[3, 12], physical=True, channel_id=CHANNEL + 1
        )
    async with storage.channel(GUILD, CHANNEL) as uow:
        newest, oldest = await uow.rolls.entries()
        assert oldest.command == "atacar" and oldest.user_id == USER
        assert oldest.dice[1] == {"sides": 12, "face": 11, "kept": True}
        assert oldest.modifiers == [{"name": "Vigor", "value": 2}]
        assert (
            oldest.result.to_json() == {"grade": "pleno", "damage": 7} and oldest.physical is False
        )
        assert before <= oldest.created_at <= datetime.now(UTC) + timedelta(seconds=5)
        assert (newest.dice, newest.physical, newest.channel_id) == ([3, 12], True, CHANNEL + 1)
        assert [e.command for e in await uow.rolls.entries(channel_id=CHANNEL)] == ["atacar"]
        assert [e.command for e in await uow.rolls.entries(user_id=USER + 1)] == ["tirar"]
        assert await uow.rolls.count() == 2
        assert await uow.rolls.count(channel_id=CHANNEL + 1) == 1
        assert not hasattr(uow.rolls, "update") and not hasattr(uow.rolls, "delete")


async def test_encounter_state_round_trip(storage: Storage) -> None:
    state = sample_state()
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert await uow.encounter.get_state() is None
        info = await uow.encounter.create(state, creator_id=USER, tracker_message_id=77)
        assert info.version == 1 and info.status == "active"
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert await uow.encounter.get_state() == state  # order of every list kept
        assert uow.encounter.info is not None
        assert (uow.encounter.info.creator_id, uow.encounter.info.tracker_message_id) == (USER, 77)
        # change some of everything: reorder, remove, add, edit nested data
        state["combatants"].reverse()
        state["combatants"][0]["aguante"] = 3
        state["combatants"][1]["last_hit"]["notes"].append("crítico")
        del state["combatants"][2]
        state["combatants"].append(combatant("c4", "Lobo", estados=["Derribado"], extra=[1]))
        state["pending"] = state["pending"][1:]
        state["retos"][0]["exitos"] = 2
        state["retos"].append({"id": "r2", "texto": "Otro"})
        state["asalto"], state["phase"] = 3, "jugadores"
        state["settings"]["defensa_inmediata"] = True
        state["extra"]["counters"]["combatant"] = 4
        await uow.encounter.save(state)
        await uow.encounter.set_tracker_message(78)
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert await uow.encounter.get_state() == state
        assert uow.encounter.info.version == 3  # type: ignore[union-attr]
        assert uow.encounter.info.tracker_message_id == 78  # type: ignore[union-attr]


async def test_encounter_object_round_trip(storage: Storage) -> None:
    enc = Encounter.start("narrativo")
    orco = EnemySheet("Orco", ataque=14, defensa=12, aguante=11, potencia=4)
    enc.add_enemies(orco, 2)
    enc.add_character(CharacterSheet("Ayla", ATRIBUTOS, proteccion=1), owner_id=USER, aliento=2)
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.encounter.create(enc, creator_id=USER)
    async with storage.channel(GUILD, CHANNEL) as uow:
        loaded = await uow.encounter.require()
        assert isinstance(loaded, Encounter)
        assert loaded.to_dict() == enc.to_dict()
        loaded.combatants[0].aguante -= 4
        loaded.combatants[2].estados.append("Aturdido")
        await uow.encounter.save(loaded)
    async with storage.channel(GUILD, CHANNEL) as uow:
        again = await uow.encounter.require()
        assert again.to_dict() == loaded.to_dict()
        assert [c.nombre for c in again.combatants] == ["Orco 1", "Orco 2", "Ayla"]


async def test_end_and_history(storage: Storage) -> None:
    async with storage.channel(GUILD, CHANNEL) as uow:
        await uow.encounter.create(sample_state(), creator_id=USER)
        with pytest.raises(UmbralError, match="Ya hay un encuentro activo"):
            await uow.encounter.create(sample_state(), creator_id=USER)
    async with storage.channel(GUILD, CHANNEL) as uow:
        with pytest.raises(UmbralError, match="No hay ningún encuentro activo"):
            await uow.encounter.save(sample_state())  # never read in this unit
        await uow.encounter.get_state()
        await uow.encounter.end()
        with pytest.raises(UmbralError, match="No hay ningún encuentro activo"):
            await uow.encounter.save(sample_state())
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert await uow.encounter.get_state() is None
        with pytest.raises(UmbralError, match="No hay ningún encuentro activo"):
            await uow.encounter.require()
        await uow.encounter.create(sample_state(asalto=1), creator_id=USER + 1)
    async with storage.channel(GUILD, CHANNEL) as uow:
        assert (await uow.encounter.get_state())["asalto"] == 1  # type: ignore[index]
        history = await uow.encounter.history()
        assert [(h.status, h.creator_id) for h in history] == [
            ("active", USER + 1),
            ("ended", USER),
        ]
