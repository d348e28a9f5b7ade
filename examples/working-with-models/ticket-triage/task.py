import tower

SYSTEM_PROMPT = (
    "You triage support tickets. Reply with exactly one line in the form "
    "'<label>: <summary>', where <label> is bug, feature or question."
)
DEFAULT_TICKET = "The export button does nothing when a report has more than 10,000 rows."


def final_answer(text: str) -> str:
    # DeepSeek R1 models write their reasoning inside <think>...</think> first.
    return text.split("</think>")[-1].strip()


def main() -> None:
    model_name = tower.parameter("MODEL_NAME", "deepseek-r1")
    max_tokens = int(tower.parameter("MAX_TOKENS", "2000"))
    ticket = tower.parameter("TICKET_TEXT", DEFAULT_TICKET)
    if not ticket:
        raise SystemExit("TICKET_TEXT is empty")

    llm = tower.llms(model_name, max_tokens=max_tokens)
    print(f"Asked for {llm.requested_model_name}, using {llm.model_name} via {llm.inference_router}")

    reply = llm.complete_chat([
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": ticket},
    ])
    print(final_answer(reply))


if __name__ == "__main__":
    main()
