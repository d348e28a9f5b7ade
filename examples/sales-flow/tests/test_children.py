"""Runs the two child apps the way Tower does, with their parameters as environment variables,
and checks that the parent's default regions are the ones build-report expects. Standard library
only: python3 -m unittest (from this folder). The parent, daily-sales, needs Tower to start runs,
so it is not run here.
"""
import os
import subprocess
import sys
import tomllib
import unittest
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent


def run_child(script, **variables):
    """Exit code, stdout lines and stderr of a child script run with only the given parameters."""
    env = {name: value for name, value in os.environ.items() if name not in ("REGION", "REGIONS")}
    env.update(variables)
    result = subprocess.run([sys.executable, str(PROJECT / script)], env=env, capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout.splitlines(), result.stderr


def default_of(app_folder, parameter):
    towerfile = tomllib.loads((PROJECT / app_folder / "Towerfile").read_text())
    return next(p["default"] for p in towerfile["parameters"] if p["name"] == parameter)


class LoadRegion(unittest.TestCase):
    def test_loads_the_region_it_is_given(self):
        code, lines, _ = run_child("load-region/load_region.py", REGION="apac")
        self.assertEqual(code, 0)
        self.assertEqual(lines, ["Loading sales for apac", "Finished apac"])

    def test_fails_without_a_region_so_the_parent_sees_a_failed_run(self):
        code, lines, errors = run_child("load-region/load_region.py", REGION="")
        self.assertEqual(code, 1)
        self.assertEqual(lines, [])
        self.assertIn("REGION is empty", errors)


class BuildReport(unittest.TestCase):
    def test_reads_the_comma_separated_list_the_parent_passes(self):
        code, lines, _ = run_child("build-report/build_report.py", REGIONS="emea, ,apac ")
        self.assertEqual(code, 0)
        self.assertEqual(lines, ["Building the sales report for emea, apac", "Report ready for 2 regions"])

    def test_fails_without_regions(self):
        code, _, errors = run_child("build-report/build_report.py", REGIONS=" , ")
        self.assertEqual(code, 1)
        self.assertIn("REGIONS is empty", errors)


class Defaults(unittest.TestCase):
    def test_the_parent_and_the_report_default_to_the_same_regions(self):
        self.assertEqual(default_of("daily-sales", "REGIONS"), default_of("build-report", "REGIONS"))

    def test_every_default_region_loads(self):
        for region in default_of("daily-sales", "REGIONS").split(","):
            code, _, _ = run_child("load-region/load_region.py", REGION=region)
            self.assertEqual(code, 0, region)


if __name__ == "__main__":
    unittest.main()
