"""What pyproject.toml cannot say: the top-level ``migrations/`` folder (Alembic's scripts,
where ``alembic revision`` writes them) ships as the package ``umbral_migrations``, so that an
installed bot finds its migrations wherever it is installed (``bot.storage.migrate``).
pyproject's package finder only takes folders under their own names, hence this file.
Namespace packages too (``bot/features`` has no ``__init__.py``), as pyproject's finder does."""

from setuptools import find_namespace_packages, setup

setup(
    packages=[
        *find_namespace_packages(include=["bot", "bot.*", "umbral_rules", "umbral_rules.*"]),
        "umbral_migrations",
    ],
    package_dir={"umbral_migrations": "migrations"},
)
