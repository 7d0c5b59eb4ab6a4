"""The memcue memory provider driven the way Hermes Agent drives it, against the real binary.

Run by test/hooks/hermes.test.ts after `memcue install hermes` into a temporary HERMES_HOME. Hermes
loads a user plugin from $HERMES_HOME/plugins/<name>/__init__.py under its own package name, calls
register(ctx) with a collector, then: is_available(), initialize(session_id, hermes_home=, platform=),
system_prompt_block(), get_tool_schemas(), handle_tool_call(name, args) -> JSON string,
on_session_switch(new_id, ...), shutdown().
"""

import importlib.util
import json
import os
import sys
import unittest
from pathlib import Path

HERMES_HOME = Path(os.environ["HERMES_HOME"])
REPO = os.environ["REPO"]


def load_provider_module():
    plugin_dir = HERMES_HOME / "plugins" / "memcue"
    spec = importlib.util.spec_from_file_location(
        "_hermes_user_memory.memcue", plugin_dir / "__init__.py", submodule_search_locations=[str(plugin_dir)]
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


class Collector:
    def __init__(self):
        self.provider = None

    def register_memory_provider(self, provider):
        self.provider = provider


class HermesDrivesMemcue(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        os.chdir(REPO)  # Hermes' working folder: the repository the card is made for
        cls.module = load_provider_module()
        collector = Collector()
        cls.module.register(collector)
        cls.provider = collector.provider

    def test_1_registers_an_available_provider(self):
        self.assertEqual(self.provider.name, "memcue")
        self.assertTrue(self.provider.is_available())  # memcue is not on PATH: the installed path is used
        self.assertEqual(self.provider.unavailable_reason(), "")

    def test_2_system_prompt_block_is_the_card(self):
        self.provider.initialize("gateway-session-1", hermes_home=str(HERMES_HOME), platform="telegram", agent_context="primary")
        block = self.provider.system_prompt_block()
        self.assertTrue(block.startswith("# memcue: long-term memory"))
        self.assertIn("Never deploy on Fridays", block)
        self.assertIn("## Rules and decisions of github.com/acme/app", block)
        self.assertIs(self.provider.system_prompt_block(), block)  # computed once per session

    def test_3_tool_schemas_are_openai_functions(self):
        schemas = self.provider.get_tool_schemas()
        self.assertEqual([s["name"] for s in schemas], ["memcue_search", "memcue_add"])
        for schema in schemas:
            self.assertEqual(set(schema), {"name", "description", "parameters"})
            params = schema["parameters"]
            self.assertEqual(params["type"], "object")
            self.assertTrue(set(params["required"]) <= set(params["properties"]))
            for prop in params["properties"].values():
                self.assertIn(prop["type"], ("string",))
        json.dumps(schemas)

    def test_4_add_then_search(self):
        added = json.loads(self.provider.handle_tool_call("memcue_add", {"text": "Сборочный сервер build-01 доступен только через bastion", "kind": "env"}))
        self.assertTrue(added["saved"])
        self.assertRegex(added["id"], r"^[0-9a-z]{20}$")
        self.assertEqual(added["scope"], "repo:github.com/acme/app")
        found = json.loads(self.provider.handle_tool_call("memcue_search", {"query": "build server сервера сборки bastion"}))
        self.assertEqual(found["results"][0]["id"], added["id"])
        self.assertEqual(found["results"][0]["kind"], "env")
        narrowed = json.loads(self.provider.handle_tool_call("memcue_search", {"query": "deploy friday", "in": "global", "kind": "rule"}))
        self.assertEqual([r["text"] for r in narrowed["results"]], ["Never deploy on Fridays"])
        nothing = json.loads(self.provider.handle_tool_call("memcue_search", {"query": "zzzqqq"}))
        self.assertEqual(nothing["results"], [])
        self.assertIn("try other words", nothing["note"])
        dashes = json.loads(self.provider.handle_tool_call("memcue_search", {"query": "--json -n 1"}))
        self.assertEqual(dashes["results"], [])

    def test_5_errors_are_json_not_exceptions(self):
        secret = json.loads(self.provider.handle_tool_call("memcue_add", {"text": "token ghp_abcdefghijklmnopqrstuvwxyz0123456789", "kind": "env"}))
        self.assertIn("secret", secret["error"])
        self.assertIn("error", json.loads(self.provider.handle_tool_call("memcue_search", {"query": "  "})))
        self.assertIn("error", json.loads(self.provider.handle_tool_call("memcue_add", {"text": "x", "kind": "nonsense"})))
        self.assertIn("error", json.loads(self.provider.handle_tool_call("memcue_forget", {})))

    def test_6_session_switch_gives_a_fresh_card(self):
        self.provider.initialize("gateway-session-1", hermes_home=str(HERMES_HOME), platform="telegram")
        before = self.provider.system_prompt_block()
        self.provider.handle_tool_call("memcue_add", {"text": "Release notes are written in English", "kind": "rule", "scope": "global"})
        self.provider.on_session_switch("gateway-session-2", parent_session_id="gateway-session-1", reset=True)
        after = self.provider.system_prompt_block()
        self.assertNotIn("Release notes are written in English", before)
        self.assertIn("Release notes are written in English", after)
        self.provider.shutdown()

    def test_7_unavailable_without_a_binary(self):
        saved = (self.module.DEFAULT_BIN, os.environ.get("PATH"), os.environ.get("HOME"))
        try:
            self.module.DEFAULT_BIN = "/nonexistent/memcue"
            os.environ["PATH"] = "/nonexistent"
            os.environ["HOME"] = "/nonexistent"
            provider = self.module.MemcueMemoryProvider()
            self.assertFalse(provider.is_available())
            self.assertIn("memcue", provider.unavailable_reason())
            self.assertIn("not available", json.loads(provider.handle_tool_call("memcue_search", {"query": "x"}))["error"])
            self.assertEqual(provider.system_prompt_block(), "")
        finally:
            self.module.DEFAULT_BIN, os.environ["PATH"], os.environ["HOME"] = saved


if __name__ == "__main__":
    unittest.main(verbosity=2)
