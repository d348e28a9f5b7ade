"""Runs hello-tower/main.py the way Tower does: the parameter and the secret arrive as
environment variables. Standard library only: python3 -m unittest (from this folder).

The app sleeps a second after each greeting, so each test takes about three seconds.
"""
import os
import subprocess
import sys
import unittest
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "hello-tower" / "main.py"


def run_app(**variables):
    """The lines main.py prints, with only the given FRIEND and SERVICE_TOKEN set."""
    env = {name: value for name, value in os.environ.items() if name not in ("FRIEND", "SERVICE_TOKEN")}
    env.update(variables)
    result = subprocess.run([sys.executable, str(SCRIPT)], env=env, capture_output=True, text=True, timeout=60, check=True)
    return result.stdout.splitlines()


class HelloTower(unittest.TestCase):
    def test_greets_the_friend_and_reports_the_secret_without_printing_it(self):
        token = "made-up-token-0042"
        lines = run_app(FRIEND="Ada", SERVICE_TOKEN=token)
        self.assertEqual(lines, [
            "Hello, Ada! (1/3)",
            "Hello, Ada! (2/3)",
            "Hello, Ada! (3/3)",
            "SERVICE_TOKEN is set.",
        ])
        self.assertFalse(any(token in line for line in lines))

    def test_falls_back_to_world_and_says_when_the_secret_is_missing(self):
        lines = run_app()
        self.assertEqual(lines[0], "Hello, world! (1/3)")
        self.assertEqual(lines[-1], "SERVICE_TOKEN is not set.")


if __name__ == "__main__":
    unittest.main()
