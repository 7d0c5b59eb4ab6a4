"""memcue memory provider for Hermes Agent (memcue-plugin).

memcue keeps long-term memory as short facts in one SQLite file, and the agent pulls what it needs
itself: the system prompt carries memcue's card (how to use the memory, the current repository's rules
and decisions, the global rules) and the model gets two tools, ``memcue_search`` and ``memcue_add``.
Nothing is pushed into prompts per turn. Every call runs the memcue binary; nothing here touches the
network.

Install with ``memcue install hermes``: it copies this folder to ``$HERMES_HOME/plugins/memcue/`` and
sets ``memory.provider: memcue`` in ``$HERMES_HOME/config.yaml``.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any, Dict, List, Optional

try:
    from agent.memory_provider import MemoryProvider
except ImportError:  # outside Hermes (tests, inspection): the part of the contract this provider uses
    from abc import ABC, abstractmethod

    class MemoryProvider(ABC):  # type: ignore[no-redef]
        @property
        @abstractmethod
        def name(self) -> str: ...

        @abstractmethod
        def is_available(self) -> bool: ...

        @abstractmethod
        def initialize(self, session_id: str, **kwargs) -> None: ...

        @abstractmethod
        def get_tool_schemas(self) -> List[Dict[str, Any]]: ...


# `memcue install hermes` writes the installing binary's path here, so the provider works even when
# memcue is not on the PATH Hermes runs with.
DEFAULT_BIN = "memcue"
TIMEOUT_S = 10
KINDS = ["rule", "decision", "gotcha", "env", "note"]
INSTALL_HINT = "install memcue (curl -fsSL https://github.com/memcue/memcue/releases/latest/download/install.sh | sh, or put the memcue binary on PATH, or set MEMCUE_BIN)"

SEARCH_SCHEMA = {
    "name": "memcue_search",
    "description": (
        "Search long-term memory (facts from earlier sessions: rules, decisions, gotchas, hosts). "
        "Use before answering anything that may depend on earlier sessions. Search more than once, in "
        "your own words: synonyms, the system's name, and both languages (English and Russian). "
        "All words are OR-ed and stemmed; at most 5 facts, best first."
    ),
    "parameters": {
        "type": "object",
        "properties": {
            "query": {"type": "string", "description": "words, synonyms, both languages, e.g. 'deploy staging деплой стенд'"},
            "in": {"type": "string", "description": "where: repo (default: this repo, this machine, global), all, global, machine"},
            "kind": {"type": "string", "enum": KINDS, "description": "only facts of this kind"},
        },
        "required": ["query"],
    },
}

ADD_SCHEMA = {
    "name": "memcue_add",
    "description": (
        "Save one short, self-contained fact the next session will need: the user's rules and "
        "corrections (rule), decisions not visible in the code (decision), traps and their fixes "
        "(gotcha), hosts and services outside the repo (env). Never secrets."
    ),
    "parameters": {
        "type": "object",
        "properties": {
            "text": {"type": "string", "description": "the fact, understandable on its own"},
            "kind": {"type": "string", "enum": KINDS, "description": "default: note"},
            "scope": {"type": "string", "description": "repo (default inside a repository), global, or machine"},
        },
        "required": ["text"],
    },
}


def _binary() -> Optional[str]:
    """The memcue executable: $MEMCUE_BIN, the installed path, PATH, then the usual install folder."""
    for candidate in (os.environ.get("MEMCUE_BIN"), DEFAULT_BIN, "memcue", str(Path.home() / ".local" / "bin" / "memcue")):
        if not candidate:
            continue
        if os.path.sep in candidate:
            if os.path.isfile(candidate) and os.access(candidate, os.X_OK):
                return candidate
        else:
            found = shutil.which(candidate)
            if found:
                return found
    return None


def _error(message: str) -> str:
    return json.dumps({"error": message}, ensure_ascii=False)


class MemcueMemoryProvider(MemoryProvider):
    """Long-term memory through the memcue binary: the card in the system prompt, two tools."""

    def __init__(self) -> None:
        self._session_id = ""
        self._card: Optional[str] = None

    @property
    def name(self) -> str:
        return "memcue"

    def is_available(self) -> bool:
        return _binary() is not None

    def unavailable_reason(self) -> str:
        return "" if self.is_available() else f"the memcue binary was not found: {INSTALL_HINT}"

    def initialize(self, session_id: str, **kwargs) -> None:
        self._session_id = session_id
        self._card = None

    def system_prompt_block(self) -> str:
        # Computed once per session: Hermes assembles the system prompt once and caches it.
        if self._card is None:
            done = self._run(["card"])
            self._card = done.stdout if done is not None and done.returncode == 0 else ""
        return self._card

    def on_session_switch(self, new_session_id: str, *, parent_session_id: str = "", reset: bool = False, rewound: bool = False, **kwargs) -> None:
        # A gateway session lives for days: the next system prompt gets a fresh card.
        self._session_id = new_session_id
        self._card = None

    def get_tool_schemas(self) -> List[Dict[str, Any]]:
        return [SEARCH_SCHEMA, ADD_SCHEMA]

    def handle_tool_call(self, tool_name: str, args: Dict[str, Any], **kwargs) -> str:
        if tool_name == "memcue_search":
            return self._search(args)
        if tool_name == "memcue_add":
            return self._add(args)
        return _error(f"unknown tool {tool_name}")

    def shutdown(self) -> None:
        pass

    # -- tools ----------------------------------------------------------------------------------

    def _search(self, args: Dict[str, Any]) -> str:
        query = str(args.get("query") or "").strip()
        if not query:
            return _error("query is required")
        argv = ["search", "--json"]
        for option in ("in", "kind"):
            if args.get(option):
                argv += [f"--{option}", str(args[option])]
        done = self._run(argv + ["--", query])
        if done is None:
            return _error(f"memcue is not available: {INSTALL_HINT}")
        if done.returncode != 0:
            return _error(done.stderr.strip() or f"memcue search exited with {done.returncode}")
        results = json.loads(done.stdout or "[]")
        reply: Dict[str, Any] = {"results": results}
        if not results:
            reply["note"] = "nothing found: try other words, synonyms, the system's name, the other language, or in=all"
        return json.dumps(reply, ensure_ascii=False)

    def _add(self, args: Dict[str, Any]) -> str:
        text = str(args.get("text") or "").strip()
        if not text:
            return _error("text is required")
        argv = ["add", "--json", "--kind", str(args.get("kind") or "note")]
        if args.get("scope"):
            argv += ["--scope", str(args["scope"])]
        if self._session_id:
            argv += ["--source", f"hermes:{self._session_id}"]
        done = self._run(argv + ["--", text])
        if done is None:
            return _error(f"memcue is not available: {INSTALL_HINT}")
        if done.returncode != 0:
            return _error(done.stderr.strip() or f"memcue add exited with {done.returncode}")
        fact = json.loads(done.stdout)
        self._card = None if fact.get("kind") in ("rule", "decision") else self._card
        return json.dumps({"saved": True, "id": fact.get("id"), "kind": fact.get("kind"), "scope": fact.get("scope")}, ensure_ascii=False)

    def _run(self, argv: List[str]) -> Optional[subprocess.CompletedProcess]:
        binary = _binary()
        if binary is None:
            return None
        try:
            return subprocess.run(
                [binary] + argv, capture_output=True, text=True, encoding="utf-8", errors="replace",
                timeout=TIMEOUT_S, stdin=subprocess.DEVNULL, cwd=os.getcwd(),
            )
        except (OSError, subprocess.TimeoutExpired) as err:
            return subprocess.CompletedProcess([binary] + argv, 1, "", str(err))


def register(ctx) -> None:
    """Hermes calls this when the plugin is loaded."""
    ctx.register_memory_provider(MemcueMemoryProvider())
