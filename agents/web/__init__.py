"""Play in the browser: `python -m agents.play --game G --vs AGENT --web` (docs/web_play.md)."""
