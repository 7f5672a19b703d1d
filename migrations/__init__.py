"""Alembic's scripts for the bot's database, installed as the package ``umbral_migrations``
(``setup.py``): ``env.py``, ``script.py.mako`` and ``versions/`` (package data). Alembic
loads them by path, from :func:`bot.storage.migrate.alembic_config`; nothing imports them."""
