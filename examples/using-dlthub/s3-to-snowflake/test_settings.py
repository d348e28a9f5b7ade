"""Runs with the standard library only: python3 -m unittest (from this folder)."""
import unittest

from settings import load_settings


class LoadSettings(unittest.TestCase):
    def test_the_towerfile_defaults_are_valid(self):
        self.assertEqual(
            load_settings("replace", "truncate-and-insert", ""),
            {"write_disposition": "replace", "replace_strategy": "truncate-and-insert", "merge_key": ""},
        )

    def test_merge_needs_a_key(self):
        with self.assertRaisesRegex(ValueError, "needs the MERGE_KEY"):
            load_settings("merge", "truncate-and-insert", "")
        self.assertEqual(load_settings("merge", "", "id")["merge_key"], "id")

    def test_a_merge_key_is_ignored_unless_merging(self):
        self.assertEqual(load_settings("append", "", "id")["merge_key"], "")

    def test_typos_are_refused(self):
        with self.assertRaisesRegex(ValueError, "WRITE_DISPOSITION must be one of"):
            load_settings("upsert", "truncate-and-insert", "")
        with self.assertRaisesRegex(ValueError, "REPLACE_STRATEGY must be one of"):
            load_settings("replace", "truncate", "")


if __name__ == "__main__":
    unittest.main()
