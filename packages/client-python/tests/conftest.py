"""A real server for the tests: `node dist/geopin.cjs serve` on 127.0.0.1 port 0 over a temp SQLite store, plus the CLI."""
from __future__ import annotations

import os
import re
import subprocess
import threading
import time
from pathlib import Path
from typing import Dict, List

import pytest

REPO = Path(os.environ.get("GEOPIN_REPO", Path(__file__).resolve().parents[3]))
NODE = os.environ.get("GEOPIN_NODE", "node")


class Server:
    def __init__(self, env: Dict[str, str]):
        self.env = env
        self.output: List[str] = []
        self.process = subprocess.Popen([NODE, "dist/geopin.cjs", "serve"], cwd=REPO, env=env, text=True,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        threading.Thread(target=self._read, daemon=True).start()
        try:
            self.base_url = f"http://127.0.0.1:{self._port()}"
        except RuntimeError:
            self.stop()  # a server that never said it listens must not outlive the tests
            raise

    def _read(self) -> None:
        for line in self.process.stdout:
            self.output.append(line)

    def _port(self) -> int:
        deadline = time.time() + 120
        while time.time() < deadline:
            match = re.search(r"\[server\] listening on http://127\.0\.0\.1:(\d+)", "".join(self.output))
            if match:
                return int(match.group(1))
            if self.process.poll() is not None:
                raise RuntimeError("server exited:\n" + "".join(self.output))
            time.sleep(0.05)
        raise RuntimeError("server did not start:\n" + "".join(self.output))

    def cli(self, *args: str) -> str:
        """An operator command (key create, merchant create) on the server's store; its stdout."""
        return subprocess.run([NODE, "dist/geopin.cjs", *args], cwd=REPO, env=self.env, check=True, text=True,
                              capture_output=True).stdout.strip()

    def location_key(self, *flags: str) -> str:
        return self.cli("key", "create", "--plan", "free", *flags)

    def merchant(self, name: str) -> Dict[str, str]:
        lines = self.cli("merchant", "create", "--name", name).splitlines()
        return dict(line.split("=", 1) for line in lines)

    def mailed_code(self, email: str) -> str:
        """Without SMTP_HOST a dev-mode server logs each message; the code is the 6-digit number of its subject."""
        for _ in range(100):
            for line in reversed(list(self.output)):
                code = re.search(r"checkout code is (\d{6})", line)
                if "mail (dev mode" in line and email in line and code:
                    return code.group(1)
            time.sleep(0.05)
        raise RuntimeError(f"no OTP mail for {email}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    env = {**os.environ, "NODE_ENV": "test", "HOST": "127.0.0.1", "PORT": "0", "WORKERS": "1", "LOG_LEVEL": "info",
           "DB_PATH": str(tmp_path_factory.mktemp("geopin") / "app.sqlite"), "WEBHOOK_POLL_MS": "20",
           "CHECKOUT_OTP_SENDS_PER_IP_HOUR": "100000"}
    running = Server(env)
    yield running
    running.stop()


@pytest.fixture(scope="session")
def key(server: Server) -> str:
    """A location key with the burst limit lifted, so tests are not throttled by their own speed."""
    return server.location_key("--rate-limit", "1000000")
