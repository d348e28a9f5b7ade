"""Tests ticket-triage/task.py without a model: a stand-in `tower` module answers the SDK calls
the app makes, so only the standard library is needed. Run python3 -m unittest from this folder.
"""
import io
import sys
import tomllib
import types
import unittest
from contextlib import redirect_stdout
from pathlib import Path

APP = Path(__file__).resolve().parent.parent / "ticket-triage"
TOWERFILE_DEFAULTS = {p["name"]: p["default"] for p in tomllib.loads((APP / "Towerfile").read_text())["parameters"]}
REPLY = "<think>\nThe export fails above a row limit, so this is a defect.\n</think>\n\nbug: Export does nothing for reports over 10,000 rows"


class StandInLlm:
    """Records what the app asks and answers like a reasoning model."""

    def __init__(self, model_name, max_tokens):
        self.requested_model_name = model_name
        self.model_name = f"{model_name}:14b"
        self.inference_router = "ollama"
        self.max_tokens = max_tokens
        self.messages = None

    def complete_chat(self, messages):
        self.messages = messages
        return REPLY


class StandInTower(types.ModuleType):
    """The three SDK calls task.py makes: parameter, llms and nothing else."""

    def __init__(self, parameters):
        super().__init__("tower")
        self.parameters = parameters
        self.defaults_asked = {}
        self.llm = None

    def parameter(self, name, default=""):
        self.defaults_asked[name] = default
        return self.parameters.get(name, default)

    def llms(self, model_name, max_tokens=1000):
        self.llm = StandInLlm(model_name, max_tokens)
        return self.llm


def import_task():
    sys.path.insert(0, str(APP))
    try:
        sys.modules.pop("task", None)
        import task
        return task
    finally:
        sys.path.remove(str(APP))


def run_main(parameters):
    """Runs task.main() against a stand-in SDK; returns the stand-in and the printed lines."""
    tower = StandInTower(parameters)
    saved = sys.modules.get("tower")
    sys.modules["tower"] = tower
    try:
        task = import_task()
        out = io.StringIO()
        with redirect_stdout(out):
            task.main()
        return tower, out.getvalue().splitlines()
    finally:
        sys.modules.pop("tower")
        if saved is not None:
            sys.modules["tower"] = saved


class FinalAnswer(unittest.TestCase):
    def setUp(self):
        sys.modules["tower"] = StandInTower({})
        self.task = import_task()

    def tearDown(self):
        sys.modules.pop("tower")

    def test_drops_the_reasoning_of_a_reasoning_model(self):
        self.assertEqual(self.task.final_answer(REPLY), "bug: Export does nothing for reports over 10,000 rows")

    def test_keeps_an_answer_without_reasoning(self):
        self.assertEqual(self.task.final_answer("  question: Where are invoices kept?\n"), "question: Where are invoices kept?")


class Main(unittest.TestCase):
    def test_the_code_defaults_match_the_towerfile(self):
        tower, _ = run_main({})
        self.assertEqual(tower.defaults_asked, TOWERFILE_DEFAULTS)

    def test_sends_the_ticket_after_the_instructions_and_prints_the_label_line(self):
        tower, lines = run_main({"TICKET_TEXT": "Could the dashboard show weekly totals?", "MAX_TOKENS": "500"})
        self.assertEqual(tower.llm.max_tokens, 500)
        self.assertEqual([m["role"] for m in tower.llm.messages], ["system", "user"])
        self.assertEqual(tower.llm.messages[1]["content"], "Could the dashboard show weekly totals?")
        self.assertEqual(lines, [
            "Asked for deepseek-r1, using deepseek-r1:14b via ollama",
            "bug: Export does nothing for reports over 10,000 rows",
        ])

    def test_stops_on_an_empty_ticket_before_calling_a_model(self):
        with self.assertRaises(SystemExit) as stopped:
            run_main({"TICKET_TEXT": ""})
        self.assertEqual(str(stopped.exception), "TICKET_TEXT is empty")


if __name__ == "__main__":
    unittest.main()
