def summarise(repo_data: dict) -> str:
    """Turn a GitHub repository payload into one log line."""
    return (
        f"{repo_data['full_name']}: "
        f"{repo_data['stargazers_count']} stars, "
        f"{repo_data['open_issues_count']} open issues"
    )
