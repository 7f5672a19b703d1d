FROM python:3.11-slim
WORKDIR /app
ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1
COPY pyproject.toml README.md ./
COPY umbral_rules ./umbral_rules
COPY bot ./bot
COPY migrations ./migrations
COPY alembic.ini ./
RUN pip install --no-cache-dir . && useradd --create-home umbral && mkdir -p /data && chown umbral /data
USER umbral
ENV UMBRAL_DB_PATH=/data/umbral.db
VOLUME ["/data"]
CMD ["umbral-bot"]
