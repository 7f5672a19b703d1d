"""The benchmark's databases: a fresh migrated PostgreSQL database per run, URLs redacted, and
a throwaway PostgreSQL server on loopback (``--escala``), started as ``.ci/run`` starts CI's."""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

from bench.measure import pg_connect_args


async def pg_admin(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(**pg_connect_args(url))
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def pg_fresh(url: str) -> tuple[str, str]:
    """A new database on ``url``'s server, migrated: (its URL, its name)."""
    from sqlalchemy.engine import make_url

    from bot.storage import upgrade_head

    name = f"umbral_bench_{os.getpid()}_{int(time.time())}"
    asyncio.run(pg_admin(url, f"CREATE DATABASE {name}"))
    fresh = make_url(url).set(database=name).render_as_string(hide_password=False)
    asyncio.run(upgrade_head(fresh))
    return fresh, name


def redact(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)


def with_database(url: str, name: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).set(database=name).render_as_string(hide_password=False)


# --- a throwaway server on loopback -------------------------------------------------------


def pg_bin() -> Path:
    """The newest PostgreSQL's binaries (Debian's /usr/lib/postgresql/N/bin)."""
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda p: p.parts[-3])
    if not found:
        raise RuntimeError("no hay PostgreSQL instalado (/usr/lib/postgresql/*/bin/initdb)")
    return found[-1].parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _run(args: list[str], check: bool = True) -> None:
    """As the ``postgres`` user when run as root (PostgreSQL refuses to run as root), from
    ``/`` (that user may not enter the checkout's folder)."""
    if os.geteuid() == 0:
        args = ["runuser", "-u", "postgres", "--", *args]
    subprocess.run(args, cwd="/", check=check, stdout=subprocess.DEVNULL)


@contextlib.contextmanager
def local_postgres(max_connections: int = 200) -> Iterator[tuple[str, int]]:
    """A new PostgreSQL cluster on 127.0.0.1 (``fsync=off``, as CI's: a server to throw
    away), stopped and removed at the end: (an admin URL, the postmaster's pid)."""
    binaries = pg_bin()
    folder = Path(tempfile.mkdtemp(prefix="umbral-escala-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
    folder.chmod(0o700)
    data, port = folder / "data", free_port()
    initdb = [str(binaries / "initdb"), "-D", str(data), "-A", "trust", "-U", "postgres"]
    pg_ctl = [str(binaries / "pg_ctl"), "-D", str(data), "-l", str(folder / "log")]
    options = (
        f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off "
        f"-c max_connections={max_connections} -c shared_buffers=128MB"
    )
    try:
        _run([*initdb, "-E", "UTF8", "--locale=C"])
        _run([*pg_ctl, "-o", options, "-w", "start"])
        pid = int((data / "postmaster.pid").read_text().split()[0])
        yield f"postgresql+asyncpg://postgres@127.0.0.1:{port}/postgres", pid
    finally:
        if (data / "postmaster.pid").exists():
            _run([*pg_ctl, "-m", "fast", "-w", "stop"], check=False)
        shutil.rmtree(folder, ignore_errors=True)


def cpu_seconds(pid: int, children: bool = False) -> float:
    """User + system CPU of process ``pid`` (with ``children``: of its reaped children too)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    ticks = int(fields[11]) + int(fields[12])  # utime, stime
    if children:
        ticks += int(fields[13]) + int(fields[14])  # cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int) -> float:
    """CPU of a server and all its processes, alive or ended: the postmaster with its reaped
    children, plus every live child (PostgreSQL's backends, checkpointer, …)."""
    total = cpu_seconds(pid, children=True)
    for child in Path("/proc").iterdir():
        if not child.name.isdigit():
            continue
        try:
            ppid = int((child / "stat").read_text().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        if ppid == pid:
            total += cpu_seconds(int(child.name))
    return total


@contextlib.contextmanager
def local_pgbouncer(server_url: str, pool_size: int = 20) -> Iterator[int]:
    """PgBouncer (Debian's ``pgbouncer``) on 127.0.0.1 in front of ``server_url``'s server, in
    transaction mode: its port. Stopped and removed at the end."""
    from sqlalchemy.engine import make_url

    binary = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
    if not Path(binary).exists():
        raise RuntimeError("no hay PgBouncer instalado (apt-get install pgbouncer)")
    server = make_url(server_url)
    folder = Path(tempfile.mkdtemp(prefix="umbral-escala-pgb-"))
    port = free_port()
    (folder / "users.txt").write_text('"postgres" ""\n')
    (folder / "pgbouncer.ini").write_text(
        "[databases]\n"
        f"* = host=127.0.0.1 port={server.port}\n"
        "[pgbouncer]\n"
        f"listen_addr = 127.0.0.1\nlisten_port = {port}\nunix_socket_dir =\n"
        f"auth_type = trust\nauth_file = {folder}/users.txt\n"
        f"pool_mode = transaction\ndefault_pool_size = {pool_size}\nmax_client_conn = 1000\n"
        "ignore_startup_parameters = extra_float_digits,options,jit\n"
        # every transaction leaves its server connection clean (its prepared statements)
        "server_reset_query = DISCARD ALL\nserver_reset_query_always = 1\n"
        f"logfile = {folder}/log\npidfile = {folder}/pid\n"
    )
    if os.geteuid() == 0:
        shutil.chown(folder, "postgres", "postgres")
        for child in folder.iterdir():
            shutil.chown(child, "postgres", "postgres")
    try:
        _run([binary, "-d", str(folder / "pgbouncer.ini")])
        for _ in range(100):
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.05)
        yield port
    finally:
        pid = folder / "pid"
        if pid.exists():
            with contextlib.suppress(OSError, ValueError):
                os.kill(int(pid.read_text().strip()), 15)
            time.sleep(0.3)
        shutil.rmtree(folder, ignore_errors=True)
