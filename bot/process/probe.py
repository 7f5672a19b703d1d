"""The container's health check of the running bot: ``python -m bot.process.probe [RUTA]``
asks the bot's own health server (``UMBRAL_HTTP_HOST``/``UMBRAL_HTTP_PORT``) for ``RUTA``
(``/listo`` by default) and exits 0 on a 200, 1 otherwise, with the bot's one-line reason on
standard error. Only the standard library: no shell tool (curl, wget) is needed in the image.
``python -m bot.process.health`` still checks the database alone."""

from __future__ import annotations

import sys
import urllib.error
import urllib.request
from collections.abc import Sequence

from bot.process.config_check import ConfigError, load_settings

TIMEOUT_S = 10.0
#: An address that listens everywhere is reached, from inside, on the loopback one.
EVERYWHERE = {"0.0.0.0": "127.0.0.1", "::": "::1"}


def url_of(host: str, port: int, path: str) -> str:
    host = EVERYWHERE.get(host, host)
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}{path}"


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    path = args[0] if args else "/listo"
    try:
        settings = load_settings()
    except ConfigError as error:
        print(error, file=sys.stderr)
        return 1
    if settings.umbral_http_port is None:
        print(
            "UMBRAL_HTTP_PORT no está puesto: el bot no tiene servidor de salud.", file=sys.stderr
        )
        return 1
    url = url_of(settings.umbral_http_host, settings.umbral_http_port, path)
    try:
        with urllib.request.urlopen(url, timeout=TIMEOUT_S) as answer:
            print(answer.read().decode("utf-8", "replace").strip())
            return 0
    except urllib.error.HTTPError as error:
        print(error.read().decode("utf-8", "replace").strip(), file=sys.stderr)
    except (urllib.error.URLError, OSError) as error:
        print(f"El bot no responde en {url}: {error}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
