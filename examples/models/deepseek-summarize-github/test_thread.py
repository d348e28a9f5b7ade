"""Runs with the standard library only: python3 -m unittest (from this folder).

fixtures/ holds a made-up thread in the shape GitHub's REST API returns.
"""
import json
import unittest
from pathlib import Path

from thread import INSTRUCTIONS, as_conversation, strip_reasoning

FIXTURES = Path(__file__).parent / "fixtures"


def load(name):
    return json.loads((FIXTURES / name).read_text())


class Conversation(unittest.TestCase):
    def test_the_thread_becomes_one_user_message_after_the_instructions(self):
        messages = as_conversation(load("issue.json"), load("comments.json"))
        self.assertEqual([m["role"] for m in messages], ["system", "user"])
        self.assertEqual(messages[0]["content"], INSTRUCTIONS)
        posts = messages[1]["content"].split("\n\n---\n\n")
        self.assertEqual(len(posts), 3)
        self.assertTrue(posts[0].startswith('data-eng-ana opened "tower run hangs when the runner is busy":\n'))
        self.assertEqual(posts[2], "data-eng-ana replied:\n")


class Reply(unittest.TestCase):
    def test_reasoning_is_removed(self):
        reply = "<think>\nThe user waits 30 s...\n</think>\n\nSummary: a start timeout. Next step: document it."
        self.assertEqual(strip_reasoning(reply), "Summary: a start timeout. Next step: document it.")

    def test_a_reply_without_reasoning_is_kept(self):
        self.assertEqual(strip_reasoning("  Plain answer. "), "Plain answer.")


if __name__ == "__main__":
    unittest.main()
