#!/usr/bin/env python3
"""Renders the deployment's configuration files from the templates beside this script.

    deploy/render.py site [--listen 80] [--server-name tarneeb.example]
                          [--upstream 127.0.0.1:8001 --upstream 127.0.0.1:8002]
                          [--static-root /srv/tarneeb/staticfiles]   > /etc/nginx/sites-available/tarneeb
    deploy/render.py supervisor [--daphnes 2] [--first-port 8001] [--root /srv/tarneeb] ...
                                                                     > /etc/supervisor/conf.d/tarneeb.conf
    deploy/render.py foreground DIR [the site's options]   # nginx -p DIR -c nginx.conf, unprivileged

The defaults are docs/deploy.md's layout. Standard library only: it runs before any
virtualenv exists.
"""

from __future__ import annotations

import argparse
import getpass
import re
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PLACEHOLDER = re.compile(r"\{\{ (\w+) \}\}")


def render(template: str, **values: object) -> str:
    """The template with each `{{ name }}` replaced; every name must be given and used."""
    text = (HERE / template).read_text()
    names = set(PLACEHOLDER.findall(text))
    if names != set(values):
        raise ValueError(f"{template}: placeholders {sorted(names)}, values {sorted(values)}")
    return PLACEHOLDER.sub(lambda found: str(values[found[1]]), text)


def site(options: argparse.Namespace, access_log: str = "/var/log/nginx/tarneeb.access.log") -> str:
    upstreams = options.upstream or ["127.0.0.1:8001", "127.0.0.1:8002"]
    return render("nginx-site.conf.in", listen=options.listen, server_name=options.server_name,
                  upstream_servers="\n".join(f"    server {address};" for address in upstreams),
                  static_root=Path(options.static_root).resolve(), access_log=access_log)


def foreground(options: argparse.Namespace) -> None:
    """DIR/nginx.conf and DIR/site.conf, logging to DIR/logs/, temporary files in DIR/tmp/."""
    prefix = Path(options.dir).resolve()
    for folder in ("logs", "tmp"):
        (prefix / folder).mkdir(parents=True, exist_ok=True)
    (prefix / "site.conf").write_text(site(options, access_log=str(prefix / "logs" / "access.log")))
    (prefix / "nginx.conf").write_text(render("nginx-foreground.conf.in", user=getpass.getuser()))


def supervisor(options: argparse.Namespace) -> str:
    return render("supervisor.conf.in", daphnes=options.daphnes, first_port=options.first_port,
                  root=options.root, python=options.python or f"{options.root}/.venv/bin/python",
                  user=options.user, env_file=options.env_file, log_dir=options.log_dir,
                  state_dir=options.state_dir)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)

    def site_options(command: argparse.ArgumentParser) -> None:
        command.add_argument("--listen", default="80", help="nginx's listen: a port or address:port")
        command.add_argument("--server-name", default="_", help="the site's host names, space-separated")
        command.add_argument("--upstream", action="append", metavar="HOST:PORT",
                             help="a daphne process, once for each (default 127.0.0.1:8001 and :8002)")
        command.add_argument("--static-root", default="/srv/tarneeb/staticfiles",
                             help="where collectstatic wrote (settings.STATIC_ROOT)")

    site_options(commands.add_parser("site", help="the nginx site file, on stdout"))
    site_options(run := commands.add_parser("foreground", help="a standalone nginx prefix folder"))
    run.add_argument("dir")
    programs = commands.add_parser("supervisor", help="the supervisord programs, on stdout")
    programs.add_argument("--daphnes", type=int, default=2, help="daphne processes, one a port")
    programs.add_argument("--first-port", type=int, default=8001, help="the first daphne's port")
    programs.add_argument("--root", default="/srv/tarneeb", help="the checkout")
    programs.add_argument("--python", help="the virtualenv's python (default ROOT/.venv/bin/python)")
    programs.add_argument("--user", default="tarneeb", help="the user the processes run as")
    programs.add_argument("--env-file", default="/etc/tarneeb/env")
    programs.add_argument("--log-dir", default="/var/log/tarneeb")
    programs.add_argument("--state-dir", default="/var/lib/tarneeb", help="beat's schedule file")
    options = parser.parse_args(argv)

    if options.command == "site":
        sys.stdout.write(site(options))
    elif options.command == "foreground":
        foreground(options)
    else:
        sys.stdout.write(supervisor(options))


if __name__ == "__main__":
    main()
