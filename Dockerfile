# syntax=docker/dockerfile:1
# Umbral bot: `docker build -t umbral-bot .` then, with DISCORD_TOKEN in .env,
# `docker run --env-file .env -v umbral-data:/data umbral-bot` (SQLite on the volume), or
# `docker compose up` (the bot and PostgreSQL, compose.yaml).

FROM python:3.11-slim AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /src
RUN python -m venv /opt/venv
# The dependencies first, at the exact versions (and hashes) of the lock file: a layer that
# changes only with requirements.lock (`make lock`).
COPY requirements.lock ./
RUN /opt/venv/bin/pip install --no-cache-dir --require-hashes -r requirements.lock
# The bot as a wheel, as `pip install .` builds it (the migrations inside, as the package
# umbral_migrations), installed without dependencies (they are above): the final stage
# copies /opt/venv alone, with no source tree beside it.
COPY pyproject.toml setup.py README.md LICENSE ./
COPY tools/discord-api/LICENSE ./tools/discord-api/
COPY umbral_rules ./umbral_rules
COPY bot ./bot
COPY migrations ./migrations
RUN /opt/venv/bin/pip wheel --no-cache-dir --no-deps --wheel-dir /wheels . \
    && /opt/venv/bin/pip install --no-cache-dir --no-deps /wheels/umbral_bot-*.whl

FROM python:3.11-slim
# The health and metrics server (/vivo, /listo, /metrics) on: on the loopback address, where
# the HEALTHCHECK (inside the container) reaches it; UMBRAL_HTTP_HOST=0.0.0.0 to scrape
# /metrics from outside (docs/administracion.md).
ENV PYTHONUNBUFFERED=1 \
    PATH=/opt/venv/bin:$PATH \
    UMBRAL_DB_PATH=/data/umbral.db \
    UMBRAL_HTTP_PORT=8080
RUN useradd --create-home --uid 10001 --user-group umbral \
    && mkdir /data \
    && chown umbral:umbral /data
COPY --from=build /opt/venv /opt/venv
WORKDIR /data
USER 10001:10001
VOLUME ["/data"]
# Ready: every shard connected, the database answering at head, the loop not stuck (the
# bot's own /listo; `python -m bot.process.health` checks the database alone).
HEALTHCHECK --interval=30s --timeout=15s --start-period=90s --retries=3 \
    CMD ["python", "-m", "bot.process.probe", "/listo"]
# SIGTERM: running commands finish (up to 25 s), then the database is closed.
STOPSIGNAL SIGTERM
CMD ["umbral-bot"]
