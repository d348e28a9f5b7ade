"""Runs with the standard library only: python3 -m unittest (from this folder)."""
import unittest

from settings import load_settings


class LoadSettings(unittest.TestCase):
    def test_the_towerfile_defaults_are_valid(self):
        self.assertEqual(load_settings("replace", ""), {"write_disposition": "replace", "merge_key": ""})

    def test_merge_needs_a_key(self):
        with self.assertRaisesRegex(ValueError, "needs the MERGE_KEY"):
            load_settings("merge", "")
        self.assertEqual(load_settings("merge", "id"), {"write_disposition": "merge", "merge_key": "id"})

    def test_typos_are_refused(self):
        with self.assertRaisesRegex(ValueError, "WRITE_DISPOSITION must be one of"):
            load_settings("replace-all", "")


if __name__ == "__main__":
    unittest.main()
