import unittest

from stats import summarise


class SummariseTest(unittest.TestCase):
    def test_formats_counts(self):
        payload = {"full_name": "acme/widgets", "stargazers_count": 12, "open_issues_count": 3}
        self.assertEqual(summarise(payload), "acme/widgets: 12 stars, 3 open issues")
