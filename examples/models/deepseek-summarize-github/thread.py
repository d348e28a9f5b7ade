"""Turns a GitHub issue thread into chat messages and cleans the model's reply.

Only the standard library is used here, so test_thread.py runs it with python3
on the saved thread in fixtures/.
"""
import re

INSTRUCTIONS = (
    "You help the maintainers of an open-source project. Read the GitHub issue thread, "
    "summarise the problem and the discussion in a few sentences, then recommend "
    "one concrete next step for the maintainers."
)

REASONING = re.compile(r"<think>.*?</think>", flags=re.DOTALL)


def as_conversation(issue, comments):
    """Chat messages in the OpenAI style: the instructions, then the whole thread as one user message."""
    posts = [f"{issue['user']['login']} opened \"{issue['title']}\":\n{issue.get('body') or ''}"]
    for comment in comments:
        posts.append(f"{comment['user']['login']} replied:\n{comment.get('body') or ''}")
    return [
        {"role": "system", "content": INSTRUCTIONS},
        {"role": "user", "content": "\n\n---\n\n".join(posts)},
    ]


def strip_reasoning(reply):
    """DeepSeek R1 writes its reasoning between <think> tags before the answer; keep the answer."""
    return REASONING.sub("", reply).strip()
